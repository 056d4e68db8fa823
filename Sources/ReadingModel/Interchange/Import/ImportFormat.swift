#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The files `bookclub import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
  case goodreads
  case storygraph
  case hardcover
  case bookwyrm
  case librarything
  case openreads
  case openreadsCSV = "openreads-csv"
  case bookwyrmAccount = "bookwyrm-account"
  case bookclub

  /// Tells the format from the file's first bytes and header.
  ///
  /// - Throws: ``ImportError/unrecognized(closest:missing:)`` naming what the closest format
  ///   lacks, or the error reading the file.
  public static func detect(path: String) throws -> ImportFormat {
    let start = try InputFile(path: path).read(upTo: 64)
    let firstByte = start.drop { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }.first
    if firstByte == UInt8(ascii: "{") { return .bookclub }
    if start.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .openreads }  // a zip file
    if start.starts(with: [0x1F, 0x8B]) { return .bookwyrmAccount }  // a gzip file
    // LibraryThing's tab-separated export, in any of its encodings.
    if TSVReader.text(of: start).hasPrefix("Book Id\t") { return .librarything }
    var reader = try CSVReader(path: path)
    let header = Set(
      try reader.next()?.fields.map { $0.trimmingWhitespace() } ?? [])
    let candidates: [(ImportFormat, [String])] = [
      (.goodreads, GoodreadsMapper.requiredColumns),
      (.storygraph, StoryGraphMapper.requiredColumns),
      (.hardcover, HardcoverMapper.requiredColumns),
      (.bookwyrm, BookWyrmMapper.requiredColumns),
      (.librarything, LibraryThingMapper.requiredColumns),
      (.openreadsCSV, OpenreadsCSVMapper.requiredColumns),
    ]
    // The marks of each format; a file with them is that format, even if columns are missing.
    if header.contains("Primary Author") && header.contains("Collections") {
      return .librarything
    }
    if header.contains("Book Id") || header.contains("Exclusive Shelf") { return .goodreads }
    if header.contains("ISBN/UID") || header.contains("Read Status") { return .storygraph }
    if header.contains("Hardcover Book ID") || header.contains("Hardcover Edition ID") {
      return .hardcover
    }
    if header.contains("remote_id") && header.contains("author_text") { return .bookwyrm }
    if header.contains("book_format") && header.contains("my_review") { return .openreadsCSV }
    let (closest, required) =
      candidates.max { lhs, rhs in
        lhs.1.filter(header.contains).count < rhs.1.filter(header.contains).count
      } ?? candidates[0]
    throw ImportError.unrecognized(
      closest: closest.displayName, missing: required.filter { !header.contains($0) })
  }

  public var displayName: String {
    switch self {
    case .goodreads: GoodreadsMapper.formatName
    case .storygraph: StoryGraphMapper.formatName
    case .hardcover: HardcoverMapper.formatName
    case .bookwyrm: BookWyrmMapper.formatName
    case .librarything: LibraryThingMapper.formatName
    case .openreads, .openreadsCSV: OpenreadsBackup.formatName
    case .bookwyrmAccount: BookWyrmAccount.formatName
    case .bookclub: "bookclub"
    }
  }

  /// Whether the format's statuses come from shelves a person names (`--shelf` reads
  /// them): Openreads has statuses of its own, and a bookclub archive its statuses.
  public var readsShelves: Bool {
    switch self {
    case .goodreads, .storygraph, .hardcover, .bookwyrm, .librarything, .bookwyrmAccount: true
    case .openreads, .openreadsCSV, .bookclub: false
    }
  }

  /// Opens `path` as this format. A CSV export is read on a thread of its own, ahead of the
  /// import (``ReadAheadSource``).
  ///
  /// - Parameter shelves: What custom shelves mean (the formats that ``readsShelves``).
  public func source(path: String, shelves: ShelfMapping = ShelfMapping()) throws
    -> any ImportSource
  {
    switch self {
    case .goodreads:
      ReadAheadSource(try CSVImportSource<GoodreadsMapper>(path: path, shelves: shelves))
    case .storygraph:
      ReadAheadSource(try CSVImportSource<StoryGraphMapper>(path: path, shelves: shelves))
    case .hardcover:
      ReadAheadSource(try CSVImportSource<HardcoverMapper>(path: path, shelves: shelves))
    case .bookwyrm:
      ReadAheadSource(try CSVImportSource<BookWyrmMapper>(path: path, shelves: shelves))
    case .librarything:
      // Tab-separated when its header is; else LibraryThing's CSV, the same columns.
      ReadAheadSource(
        try TSVReader.text(of: InputFile(path: path).read(upTo: 64)).hasPrefix("Book Id\t")
          ? CSVImportSource<LibraryThingMapper>(
            reader: try TSVReader(path: path), path: path, shelves: shelves)
          : CSVImportSource<LibraryThingMapper>(path: path, shelves: shelves))
    case .openreads: try OpenreadsBackup(path: path)
    case .openreadsCSV:
      ReadAheadSource(try CSVImportSource<OpenreadsCSVMapper>(path: path, shelves: shelves))
    case .bookwyrmAccount: try BookWyrmAccount(path: path, shelves: shelves)
    case .bookclub: try ArchiveImportSource(path: path)
    }
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A book read from another service's export, ready to be matched against the library.
public struct ImportedBook: Sendable, Equatable {
  /// The line of the file the row starts on.
  public let line: Int
  /// The service: `goodreads`, `storygraph`, or `bookclub:<library id>` for another library.
  public let source: String
  /// The book's id in that service (Goodreads' Book Id, StoryGraph's ISBN/UID, the other
  /// library's book id); rows without one get one from their title and first author.
  public let sourceID: String
  /// What the row says, in canonical form; only the fields the file has columns for.
  public let fields: BookFields
  /// The row's columns as written, as a flat JSON object with sorted keys: kept in the merge
  /// base for the Goodreads export.
  public let columnsJSON: String
  /// The row as the base of the next import. Made with the row, by whoever reads the file
  /// (a thread of its own for a CSV export), not by the import writing it.
  public let base: SourceBase

  public init(
    line: Int, source: String, sourceID: String?, fields: BookFields, columnsJSON: String = "{}"
  ) {
    self.line = line
    self.source = source
    self.sourceID = sourceID ?? Self.fallbackID(fields)
    self.fields = fields
    self.columnsJSON = columnsJSON
    base = SourceBase(fieldsJSON: fields.json, columnsJSON: columnsJSON)
  }

  /// The row's columns as written.
  public var columns: [String: String] { StringMapJSON.decode(columnsJSON) ?? [:] }

  public var title: String { fields[.title] ?? "" }

  /// The id of a row that has none: its title and first author, folded.
  static func fallbackID(_ fields: BookFields) -> String {
    "title:" + MatchKey.title(fields[.title] ?? "") + "/"
      + MatchKey.author(fields.list(.authors).first ?? "")
  }
}

/// What one row of an import file holds.
public enum ImportRow: Sendable {
  /// A book from Goodreads or StoryGraph.
  case book(ImportedBook)
  /// A book from a bookclub archive, with its ids and history.
  case archived(LibraryArchive.Item)
  /// A row that cannot be imported, and why.
  case skip(line: Int, reason: String)
}

/// Where import rows come from: a Goodreads or StoryGraph CSV, or a bookclub archive.
public protocol ImportSource {
  /// The format's name, for the summary.
  var formatName: String { get }
  /// Columns of the file that bookclub does not keep.
  var columnsNotKept: [String] { get }
  /// How far through the file the source is, for progress bars.
  var bytesRead: Int { get }
  var totalBytes: Int { get }
  /// The id of the library an archive was exported from; `nil` for other sources and for
  /// archives older than library ids.
  var archiveLibraryID: String? { get }
  /// Reading goals the file carries (a bookclub archive's).
  var goals: [ReadingGoal] { get }

  /// The next row, or `nil` at the end.
  ///
  /// - Throws: ``CSVError`` and other errors that make the whole file unreadable.
  mutating func next() throws -> ImportRow?

  /// Things worth telling about rows that were imported (a custom shelf kept as a tag).
  var remarks: [String] { get }
}

extension ImportSource {
  public var archiveLibraryID: String? { nil }
  public var goals: [ReadingGoal] { [] }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns one CSV row of a known export format into an import row.
protocol CSVRowMapper {
  static var formatName: String { get }
  /// The source the rows' books are linked to (`goodreads`).
  static var source: String { get }
  /// Columns the format must have; a file without them is refused.
  static var requiredColumns: [String] { get }
  /// Every column bookclub reads; the others are reported as not kept.
  static var keptColumns: Set<String> { get }

  /// - Parameter shelves: What custom shelves and statuses mean.
  init(shelves: ShelfMapping)

  mutating func map(_ row: CSVRow) -> ImportRow

  /// Remarks on rows that were imported.
  var remarks: [String] { get }
}

/// An import source reading a CSV (or tab-separated) export a row at a time.
struct CSVImportSource<Mapper: CSVRowMapper>: ImportSource {
  private var reader: any RecordReading
  private var mapper: Mapper
  private let columns: [String: Int]
  /// The kept columns the file has, sorted by name.
  private let kept: KeptColumns
  private let columnCount: Int
  /// What tells a row from the rows of the last import (``SourceRowDigest``).
  private let rowDigest: SourceRowDigest
  /// The rows of the last import, once the import hands them over.
  private var knownBooks: [ContentDigest: Book.ID]?
  let totalBytes: Int
  let columnsNotKept: [String]
  let knownRows: KnownSourceRows?

  var formatName: String { Mapper.formatName }
  var bytesRead: Int { reader.bytesRead }
  var remarks: [String] { mapper.remarks }

  /// Opens `path` and reads its header.
  ///
  /// - Throws: ``CSVError``, or ``ImportError/missingColumns(format:columns:)``.
  init(path: String, shelves: ShelfMapping) throws {
    try self.init(reader: try CSVReader(path: path), path: path, shelves: shelves)
  }

  /// Reads the header of `reader`, the records of the file at `path`.
  ///
  /// - Throws: ``CSVError``, or ``ImportError/missingColumns(format:columns:)``.
  init(reader: any RecordReading, path: String, shelves: ShelfMapping) throws {
    self.reader = reader
    mapper = Mapper(shelves: shelves)
    totalBytes = (try? InputFile(path: path).size) ?? 0
    let written = try self.reader.next()?.fields ?? []
    let header = written.map(\.trimmed)
    let missing = Mapper.requiredColumns.filter { !header.contains($0) }
    guard missing.isEmpty else {
      throw ImportError.missingColumns(format: Mapper.formatName, columns: missing)
    }
    var columns: [String: Int] = [:]
    for (index, name) in header.enumerated() where columns[name] == nil { columns[name] = index }
    self.columns = columns
    kept = KeptColumns(
      columns.filter { Mapper.keptColumns.contains($0.key) }.map { ($0.key, $0.value) }
        .sorted { $0.name < $1.name })
    columnCount = header.count
    columnsNotKept = header.filter { !Mapper.keptColumns.contains($0) && !$0.isEmpty }
    rowDigest = SourceRowDigest(source: Mapper.source, header: written, shelves: shelves)
    knownRows = KnownSourceRows(source: Mapper.source)
  }

  mutating func next() throws -> ImportRow? {
    while let record = try reader.next() {
      // A blank line holds no row.
      if record.fields.count == 1, record.fields[0].allSatisfy(\.isWhitespace) { continue }
      guard record.fields.count == columnCount else {
        return .skip(
          line: record.line,
          reason: "it has \(record.fields.count) fields where the header has \(columnCount)")
      }
      let digest = rowDigest.digest(of: record.fields)
      if knownBooks == nil { knownBooks = knownRows?.books }
      if let book = knownBooks?[digest] { return .unchanged(line: record.line, book: book) }
      let row = mapper.map(
        CSVRow(fields: record.fields, line: record.line, columns: columns, kept: kept))
      guard case .book(var book) = row, book.hasOwnID else { return row }
      book.rowDigest = digest
      return .book(book)
    }
    return nil
  }
}

/// One row of an export, read by column name, as exports must be read: column order varies
/// between versions of an export.
struct CSVRow {
  let fields: [String]
  /// The line the row starts on.
  let line: Int
  /// Each header name's index.
  let columns: [String: Int]
  /// The columns the format keeps, sorted by name.
  var kept = KeptColumns()

  /// The column named `name` in this row's file.
  func column(_ name: String) -> CSVColumn { CSVColumn(index: columns[name]) }

  /// Whether the file has `column`.
  func has(_ column: String) -> Bool { columns[column] != nil }

  /// The field of `column`, trimmed; empty when the file has no such column.
  func value(_ column: String) -> String { value(self.column(column)) }

  /// The field of `column`, trimmed; empty when the file has no such column.
  func value(_ column: CSVColumn) -> String {
    guard let index = column.index, index < fields.count else { return "" }
    return fields[index].trimmed
  }

  /// The kept columns exactly as written, as a flat JSON object with sorted keys (what a
  /// merge base stores).
  var keptColumnsJSON: String { kept.json(of: fields) }

  /// The field as plain text: entities decoded, whitespace collapsed.
  func text(_ column: String) -> String { text(self.column(column)) }

  /// The field as plain text: entities decoded, whitespace collapsed.
  func text(_ column: CSVColumn) -> String {
    HTMLText.plain(value(column)).collapsingWhitespace
  }

  /// The field, or `nil` when empty.
  func optional(_ column: String) -> String? { optional(self.column(column)) }

  /// The field, or `nil` when empty.
  func optional(_ column: CSVColumn) -> String? {
    let text = value(column)
    return text.isEmpty ? nil : text
  }

  /// A comma-separated list, entities decoded, trimmed, without empty items.
  func list(_ column: String) -> [String] { list(self.column(column)) }

  /// A comma-separated list, entities decoded, trimmed, without empty items.
  func list(_ column: CSVColumn) -> [String] {
    HTMLText.plain(value(column)).split(separator: ",").map { String($0).collapsingWhitespace }
      .filter { !$0.isEmpty }
  }

  /// A comma-separated list whose items may be quoted (``QuotedCommaList``), entities
  /// decoded, trimmed, without empty items: a name with a comma in quotes stays one item.
  /// A list without such quotes reads as ``list(_:)`` reads it.
  ///
  /// - Parameter column: The column's name; a column the file lacks is an empty list.
  /// - Returns: The items, in order.
  func quotedList(_ column: String) -> [String] {
    // Split before entities are decoded: a `&quot;` in a name is text, not list quoting.
    QuotedCommaList.items(value(self.column(column)))
      .map { HTMLText.plain($0).collapsingWhitespace }.filter { !$0.isEmpty }
  }

  /// Why the row cannot be a book, when it has no title or no author.
  func missingTitleOrAuthor(title: String, authors: [String]) -> ImportRow? {
    if title.isEmpty { return .skip(line: line, reason: "it has no title") }
    if authors.isEmpty { return .skip(line: line, reason: "it has no author") }
    return nil
  }
}

/// Why a file cannot be imported at all.
public enum ImportError: Error, Equatable, Sendable {
  /// The file has the format's marks but lacks columns it needs.
  case missingColumns(format: String, columns: [String])
  /// The file is not an export bookclub knows; the closest format and what it lacks.
  case unrecognized(closest: String, missing: [String])
  /// Every row was skipped; the summary says why. Nothing was changed.
  case nothingImported(ImportSummary)
  /// A backup (Openreads') that cannot be read, and why.
  case unreadableBackup(String)
}

extension ImportError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .missingColumns(let format, let columns):
      "This \(format) export lacks the columns \(columns.joined(separator: ", ")); nothing was "
        + "imported. Export the library again from \(format), without editing its columns."
    case .unrecognized(let closest, let missing):
      "This is not an export bookclub reads (Goodreads, StoryGraph, Hardcover, BookWyrm, "
        + "LibraryThing, Openreads, bookclub). The closest is \(closest), whose "
        + "columns \(missing.joined(separator: ", ")) are missing; nothing was imported."
    case .nothingImported(let summary):
      "None of the \(summary.rows) rows could be imported (see the reasons above); nothing was "
        + "changed. Check that the file is an unedited export."
    case .unreadableBackup(let reason):
      "This Openreads backup cannot be read: \(reason). Nothing was imported. Make a new "
        + "backup in Openreads (Settings, Backup) and import that file."
    }
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One import as it goes through the rows: what it counted, which books it claimed, what it
/// has to say.
struct ImportRun {
  var summary: ImportSummary
  let options: ImportOptions
  /// The time every change of this import is stamped with.
  let now = Date().roundedToMilliseconds
  /// Books this import matched or added, with the row that did: a row of the same file
  /// never merges into a book another row claimed.
  var claimed: [Book.ID: Int] = [:]
  /// The books this import is adding, until they reach the library's tables.
  var staging: BookStaging?
  /// The record of what this import changed, undone whole by `bookclub undo`.
  let group: ChangeGroup
  /// The rows without an id of their own, by stand-in id: their lines, and digests of
  /// their bases (a base is a row's whole text: kept for every row, a file without ids
  /// held its size again in memory).
  var standIns: [String: [(line: Int, base: ContentDigest)]] = [:]
  /// The source's name for people (`Goodreads`).
  var sourceName: String { summary.format }

  init(format: String, options: ImportOptions, group: ChangeGroup) {
    summary = ImportSummary(format: format)
    self.group = group
    summary.dryRun = options.dryRun
    self.options = options
  }

  /// `line 12`, or `item 12` in an archive.
  func label(_ line: Int) -> String { "\(summary.rowNoun) \(line)" }

  mutating func remark(_ line: Int, _ text: String) {
    summary.remarks.append("\(label(line)): \(text)")
  }

  mutating func skip(_ line: Int, _ reason: String) {
    summary.skipped.append(ImportSummary.SkippedRow(line: line, reason: reason))
  }

  /// Skips a row whose source id an earlier row of this import had, for `book`.
  mutating func skipRepeat(_ line: Int, of book: Book.ID, sourceID: String) {
    let first = claimed[book].map(label) ?? "book #\(book)"
    skip(line, "it repeats \(first) (\(sourceName) id \(sourceID)); the first was imported")
  }

  /// Moves the staged books into the library's tables and ends the staging.
  mutating func finishStaging(on connection: SQLiteConnection) throws {
    try staging?.finish(on: connection)
    staging = nil
  }

  /// Counts a book that was added; a dry run also lists it with its fields.
  mutating func countAdded(_ line: Int, id: Book.ID, fields: BookFields) {
    summary.added += 1
    claimed[id] = line
    guard options.dryRun else { return }
    let changes = fields.fields.compactMap { field -> FieldChange? in
      let value = fields[field] ?? ""
      return value.isEmpty ? nil : FieldChange(field: field, before: "", after: value)
    }
    summary.changes.append(
      BookChange(
        line: line, bookID: nil, title: fields[.title] ?? "", kind: .added, fields: changes))
  }

  /// Counts a book whose row says what it said at the last import.
  mutating func countUnchanged(_ line: Int, id: Book.ID) {
    claimed[id] = line
    summary.unchanged += 1
  }

  /// Counts a book that was matched: updated when a field or its history changed.
  mutating func countMerged(
    _ line: Int, book: Book, merge: FieldMerge, ours: BookFields, entriesAdded: Int = 0,
    highlightsAdded: Int = 0, sessionsAdded: Int = 0
  ) {
    claimed[book.id] = line
    let changes = merge.changes(from: ours).map {
      FieldChange(field: $0.field, before: $0.before, after: $0.after)
    }
    if !merge.conflicts.isEmpty {
      summary.conflicts.append(
        BookConflicts(line: line, bookID: book.id, title: book.title, fields: merge.conflicts))
    }
    for kept in merge.kept {
      remark(
        line,
        "#\(book.id) keeps its \(kept.field.label) "
          + "\(Self.quote(kept.field.display(kept.library))); "
          + "\(sourceName) says \(Self.quote(kept.field.display(kept.source)))")
    }
    guard !changes.isEmpty || entriesAdded > 0 || highlightsAdded > 0 || sessionsAdded > 0 else {
      summary.unchanged += 1
      return
    }
    summary.updated += 1
    summary.changes.append(
      BookChange(
        line: line, bookID: book.id, title: book.title, kind: .updated, fields: changes,
        entriesAdded: entriesAdded, highlightsAdded: highlightsAdded,
        sessionsAdded: sessionsAdded))
  }

  /// A value for a remark: quoted, one line, at most 60 characters.
  static func quote(_ value: String) -> String {
    let flat = value.split(separator: "\n").joined(separator: " ")
    return "'" + (flat.count > 60 ? flat.prefix(59) + "…" : flat) + "'"
  }
}

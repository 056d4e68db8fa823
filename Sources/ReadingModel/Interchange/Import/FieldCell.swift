/// A cell read into one of a row's fields: its value, nothing (an empty cell: the field
/// cleared), or something bookclub cannot read (a February 30th, `-5` pages).
///
/// A cell that cannot be read says nothing about its field. Read as empty, it would clear
/// the library's value at the next merge, and on a first import drop what the file says
/// without a word; it is left out of the row's fields instead, so the book keeps what it
/// has, and remarked on. (A rating has its own words: ``RatingCell``.)
enum FieldCell: Equatable {
  /// The value, as the field keeps it.
  case value(String)
  /// An empty cell, or the service's own "none".
  case none
  /// Anything else, as written.
  case refused(String)

  /// - Parameters:
  ///   - text: The cell.
  ///   - none: Whether the text is the service's "none" (besides empty).
  ///   - read: The field's value from the text, or `nil` when it is none.
  init(_ text: String, none: (String) -> Bool = { _ in false }, read: (String) -> String?) {
    let trimmed = text.trimmingWhitespace()
    if trimmed.isEmpty || none(trimmed) {
      self = .none
    } else if let value = read(trimmed) {
      self = .value(value)
    } else {
      self = .refused(trimmed)
    }
  }

  /// A day (`yyyy/MM/dd`, `yyyy-MM-dd`), as ``CalendarDay`` reads it.
  static func day(_ text: String) -> FieldCell {
    FieldCell(text) { CalendarDay($0)?.description }
  }

  /// A count of pages: more than 0; 0 is none.
  static func pageCount(_ text: String) -> FieldCell {
    FieldCell(
      text, none: { Int($0) == 0 }, read: { Int($0).flatMap { $0 > 0 ? String($0) : nil } })
  }

  /// A page count cell, as every service's export has one: the count, `""` for none, or
  /// `nil` (and a remark) for a cell that cannot be read.
  static func pageCount(
    _ text: String, column: String, at place: String, remarks: inout [String]
  ) -> String? {
    pageCount(text).read(
      column: column, as: "page count", keeping: "its page count", at: place, remarks: &remarks)
  }

  /// A "date added" cell, as every service's export has one: the day, `""` for none, or
  /// `nil` (and a remark) for a cell that cannot be read.
  static func dateAdded(
    _ text: String, column: String, at place: String, remarks: inout [String]
  ) -> String? {
    day(text).read(
      column: column, as: "date", keeping: "the day it was added", at: place, remarks: &remarks)
  }

  /// Whether every day the reading cells hold is one bookclub can read (an empty part is
  /// none). The first that is not is remarked on: the row's readings are then left out, so
  /// the book keeps its own (read without it, a finished reading would come in as one going
  /// on, or not at all).
  ///
  /// - Parameters:
  ///   - cells: Each cell with its column's name.
  ///   - separators: What separates a cell's days (`,` between readings, `-` in a range).
  ///   - place: Where the row is (`line 12`).
  ///   - remarks: Where the remark goes.
  static func readingDaysAreReadable(
    _ cells: [(column: String, text: String)], separatedBy separators: [Character] = [],
    at place: String, remarks: inout [String]
  ) -> Bool {
    for (column, text) in cells {
      let parts = text.split { separators.contains($0) }.map { $0.trimmingWhitespace() }
      if let unread = parts.first(where: { !$0.isEmpty && CalendarDay($0) == nil }) {
        _ = FieldCell.refused(unread).read(
          column: column, as: "date", keeping: "its readings", at: place, remarks: &remarks)
        return false
      }
    }
    return true
  }

  /// The value, `""` for none, or `nil` (and a remark) for a cell that cannot be read.
  ///
  /// - Parameters:
  ///   - column: The column's name, for the remark.
  ///   - what: What the field is, for the remark (`date`, `page count`).
  ///   - kept: What the book keeps instead, for the remark (`its date added`).
  ///   - place: Where the row is (`line 12`).
  ///   - remarks: Where the remark goes.
  func read(
    column: String, as what: String, keeping kept: String, at place: String,
    remarks: inout [String]
  ) -> String? {
    switch self {
    case .value(let value): return value
    case .none: return ""
    case .refused(let text):
      remarks.append(
        "\(place): the \(column) \(ImportRun.quote(text)) is no \(what) bookclub can read; "
          + "the book keeps \(kept)")
      return nil
    }
  }
}

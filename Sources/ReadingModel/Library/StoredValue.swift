#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The numbers a library holds, within the bounds bookclub writes and an archive carries.
///
/// A library edited by another program may hold any number its columns allow (a page count
/// of 2^63 − 1 passes `page_count > 0`). Every number is brought within these bounds where
/// it is read (``SQLiteRow``'s stored-value accessors, and ``pageCountSQL(_:)`` in
/// aggregates), so no command traps on one: a page count, rating, count or year out of
/// range is unknown, a fraction is clamped to 0...1, a time to the years 0000 to 9999.
public enum StoredValue {
  /// Pages a book may have.
  public static let pageCounts = 1...100_000
  /// Times a book may have been read.
  public static let readCounts = 0...100_000
  /// Copies of a book one may own.
  public static let copies = 0...10_000
  /// Publication years (`-725` for 725 BC).
  public static let years = -10_000...10_000
  /// Milliseconds since 1970 from 0000-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z:
  /// what an archive's dates can say.
  public static let milliseconds: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

  /// `raw` when it is a page count; `nil` otherwise.
  public static func pageCount(_ raw: Int64?) -> Int? { within(pageCounts, raw) }

  /// `raw` when it is a rating (above 0, to 5 stars); `nil` otherwise.
  public static func rating(_ raw: Double?) -> Double? {
    raw.flatMap(Rating.init(stored:))?.value
  }

  /// A fraction of a book, from 0 to 1: 0 for a value that is not a number.
  public static func fraction(_ raw: Double) -> Double {
    raw.isNaN ? 0 : min(max(raw, 0), 1)
  }

  /// The time `raw` milliseconds after 1970, held within ``milliseconds``.
  public static func date(milliseconds raw: Int64) -> Date {
    Date(milliseconds: min(max(raw, milliseconds.lowerBound), milliseconds.upperBound))
  }

  /// `raw` when `range` holds it; `nil` otherwise.
  public static func within(_ range: ClosedRange<Int>, _ raw: Int64?) -> Int? {
    guard let raw, raw >= Int64(range.lowerBound), raw <= Int64(range.upperBound) else {
      return nil
    }
    return Int(raw)
  }

  /// SQL for `column`'s page count where it is one, else NULL: for sums and orders.
  static func pageCountSQL(_ column: String) -> String {
    "(CASE WHEN \(column) BETWEEN \(pageCounts.lowerBound) AND \(pageCounts.upperBound) "
      + "THEN \(column) END)"
  }

  /// SQL for the pages a book of the table named `book` counts as read, else NULL: its page
  /// count, never an audiobook's (``Book/countedPages``).
  static func countedPagesSQL(_ book: String) -> String {
    "(CASE WHEN \(book).format IS NOT 'audiobook' THEN \(pageCountSQL(book + ".page_count")) END)"
  }

  /// SQL for the seconds of recording a book of the table named `book` counts as listened,
  /// else NULL: the length of a book read by time (``Book/countedTime``).
  static func countedSecondsSQL(_ book: String) -> String {
    "(CASE WHEN \(book).length_s BETWEEN 1 AND \(AudioLength.longest) AND (\(book).format = "
      + "'audiobook' OR \(pageCountSQL(book + ".page_count")) IS NULL) THEN \(book).length_s END)"
  }
}

extension SQLiteRow {
  /// The column's page count; `nil` when it holds none or one out of range.
  func pageCount(_ column: Int32) -> Int? { StoredValue.pageCount(optionalInt64(column)) }

  /// The column's fraction, clamped to 0...1.
  func fraction(_ column: Int32) -> Double { StoredValue.fraction(double(column)) }

  /// The column's fraction, clamped to 0...1; `nil` when it holds none.
  func optionalFraction(_ column: Int32) -> Double? {
    isNull(column) ? nil : fraction(column)
  }

  /// The column's time in milliseconds, held within the years 0000 to 9999.
  func date(_ column: Int32) -> Date { StoredValue.date(milliseconds: int64(column)) }

  /// The column's rating; `nil` when it holds none or one out of range.
  func rating(_ column: Int32) -> Double? { StoredValue.rating(optionalDouble(column)) }

  /// The column's number when `range` holds it; `nil` otherwise.
  func integer(_ column: Int32, in range: ClosedRange<Int>) -> Int? {
    StoredValue.within(range, optionalInt64(column))
  }
}

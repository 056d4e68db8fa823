#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a reader types to say where they are: `123` (a page), `45%` or `45.5%`, `+20` or `-5`
/// (pages from where they are now), `3:25` (hours and minutes into a recording), `+0:40` or
/// `-0:10` (time from where they are now), or `done`.
public enum ProgressInput: Sendable, Equatable {
  case page(Int)
  case percent(Double)
  case relativePages(Int)
  /// Seconds into the recording.
  case time(Int)
  /// Seconds from where the listener is now.
  case relativeTime(Int)
  case done

  /// Parses the grammar of `bookclub progress set`.
  ///
  /// - Throws: ``ProgressInputError`` saying what is allowed.
  public init(parsing text: String) throws(ProgressInputError) {
    let text = text.trimmingWhitespace().lowercased()
    if text.isEmpty { throw .empty }
    if text == "done" || text == "100%" {
      self = .done
    } else if text.hasSuffix("%") {
      let number = text.dropLast()
      guard let value = Double(number), value.isFinite, number.first != "+", number.first != "-"
      else { throw .notUnderstood(text) }
      guard value <= 100 else { throw .percentAbove100(value) }
      self = .percent(value)
    } else if text.contains(":") {
      let sign = text.first.flatMap { $0 == "+" || $0 == "-" ? $0 : nil }
      guard let seconds = AudioLength.seconds(in: String(text.dropFirst(sign == nil ? 0 : 1)))
      else { throw .notUnderstood(text) }
      self = sign.map { .relativeTime($0 == "+" ? seconds : -seconds) } ?? .time(seconds)
    } else if let sign = text.first, sign == "+" || sign == "-" {
      guard let pages = Int(text.dropFirst()) else { throw .notUnderstood(text) }
      self = .relativePages(sign == "+" ? pages : -pages)
    } else if let page = Int(text) {
      self = .page(page)
    } else {
      throw .notUnderstood(text)
    }
  }

  /// The fraction read this input means for `book`, whose latest fraction is `current`.
  ///
  /// - Throws: ``ProgressInputError`` when the input does not fit the book.
  public func fraction(for book: Book, current: Double) throws(ProgressInputError) -> Double {
    switch self {
    case .done:
      return 1
    case .percent(let value):
      return value / 100
    case .page(let page):
      guard let pages = book.pageCount else { throw .pagesUnknown }
      guard page >= 0 else { throw .negativePage(page) }
      guard page <= pages else { throw .pageBeyondEnd(page, pageCount: pages) }
      return Double(page) / Double(pages)
    case .time(let seconds):
      guard let length = book.length else { throw .lengthUnknown }
      guard seconds <= length.seconds else { throw .timeBeyondEnd(seconds, length: length) }
      return Double(seconds) / Double(length.seconds)
    case .relativeTime(let delta):
      guard let length = book.length else { throw .lengthUnknown }
      // Seven digits of hours at most: no sum here can overflow.
      let seconds = length.time(at: current) + delta
      guard seconds >= 0 else { throw .negativeTime(seconds) }
      guard seconds <= length.seconds else { throw .timeBeyondEnd(seconds, length: length) }
      return Double(seconds) / Double(length.seconds)
    case .relativePages(let delta):
      guard let pages = book.pageCount else { throw .pagesUnknown }
      let currentPage = Int((current * Double(pages)).rounded())
      // Checked: `+9223372036854775807` is a value people can type.
      let (page, overflow) = currentPage.addingReportingOverflow(delta)
      guard !overflow else {
        throw delta > 0 ? .pageBeyondEnd(Int.max, pageCount: pages) : .negativePage(Int.min)
      }
      guard page >= 0 else { throw .negativePage(page) }
      guard page <= pages else { throw .pageBeyondEnd(page, pageCount: pages) }
      return Double(page) / Double(pages)
    }
  }

  /// How a fraction is written in this grammar for a book: a time into the recording of a
  /// book read by time, a page when the page count is known, else a percent.
  public static func describe(_ fraction: Double, for book: Book) -> String {
    if fraction >= 1 { return "done" }
    switch book.extent {
    case .time(let length): return AudioLength.clock(length.time(at: fraction))
    case .pages(let pages): return String(Int((fraction * Double(pages)).rounded()))
    case .unknown: break
    }
    let percent = (fraction * 1000).rounded() / 10
    return percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
  }
}

/// Why a progress value cannot be recorded.
public enum ProgressInputError: Error, Equatable, Sendable {
  /// Nothing was given.
  case empty
  /// The text is not in the grammar.
  case notUnderstood(String)
  /// A percent over 100.
  case percentAbove100(Double)
  /// A page below 0, given or reached with `-N`.
  case negativePage(Int)
  /// A page past the book's last.
  case pageBeyondEnd(Int, pageCount: Int)
  /// A page number for a book whose page count is unknown.
  case pagesUnknown
  /// A time before the start, reached with `-H:MM`.
  case negativeTime(Int)
  /// A time past the end of the recording.
  case timeBeyondEnd(Int, length: AudioLength)
  /// A time for a book whose length is unknown.
  case lengthUnknown
}

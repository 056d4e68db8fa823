/// What a book's position is measured in: its pages, or its recording's time.
public enum BookExtent: Sendable, Equatable {
  case pages(Int)
  case time(AudioLength)
  /// Neither is known: positions are percents.
  case unknown
}

extension Book {
  /// What positions in this book are counted in: time for an audiobook whose length is
  /// known, else pages when the page count is known, else time when only a length is.
  public var extent: BookExtent {
    if format == .audiobook, let length { return .time(length) }
    if let pageCount { return .pages(pageCount) }
    if let length { return .time(length) }
    return .unknown
  }

  /// The page count positions are counted in; `nil` for a book read by time, so that no
  /// page of an audiobook is ever counted as read.
  public var countedPages: Int? {
    if case .pages(let pages) = extent, format != .audiobook { return pages }
    return nil
  }

  /// The length positions are counted in, for a book read by time.
  public var countedTime: AudioLength? {
    if case .time(let length) = extent { return length }
    return nil
  }
}

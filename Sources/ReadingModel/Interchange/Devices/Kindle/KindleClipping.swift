/// One entry of a Kindle's `My Clippings.txt`: a highlight, a note or a bookmark, with the
/// book it was made in, where, and when, as the file says it (DESIGN.md section 14).
public struct KindleClipping: Sendable, Equatable {
  /// What the entry is.
  public enum Kind: String, Sendable {
    case highlight, note, bookmark
  }

  /// The file's line the entry starts on, for messages.
  public var line: Int
  /// The book's title as the Kindle names it (a sideloaded file's name, an edition note).
  public var title: String
  /// Its authors, first name first (`Last, First` turned round).
  public var authors: [String]
  public var kind: Kind
  /// The page as printed: `12`, or `xvi` in a front matter.
  public var page: String?
  /// The Kindle location, a range for a highlight (`1024-25` read as 1024 to 1025).
  public var location: ClosedRange<Int>?
  /// When it was made, on the device's clock (which keeps no zone).
  public var added: KindleTime?
  /// The text marked, or the note typed; empty for a bookmark.
  public var text: String

  public init(
    line: Int, title: String, authors: [String], kind: Kind, page: String? = nil,
    location: ClosedRange<Int>? = nil, added: KindleTime? = nil, text: String
  ) {
    self.line = line
    self.title = title
    self.authors = authors
    self.kind = kind
    self.page = page
    self.location = location
    self.added = added
    self.text = text
  }

  /// The page as a number, when it is one (not a roman numeral of a front matter).
  public var pageNumber: Int? {
    guard let page, !page.isEmpty, page.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    return page.count <= 6 ? Int(page) : nil
  }
}

/// A moment as a Kindle's clock showed it: a day and the second of that day, in no zone.
public struct KindleTime: Sendable, Hashable, Comparable {
  public var day: CalendarDay
  /// Seconds since midnight, 0 to 86,399.
  public var secondOfDay: Int

  public init(day: CalendarDay, secondOfDay: Int) {
    self.day = day
    self.secondOfDay = secondOfDay
  }

  public static func < (lhs: KindleTime, rhs: KindleTime) -> Bool {
    (lhs.day, lhs.secondOfDay) < (rhs.day, rhs.secondOfDay)
  }
}

/// What `stats --by` groups finished readings by.
public enum StatsGrouping: String, Sendable, CaseIterable {
  /// Each tag (a book with two tags counts in both).
  case tag
  /// Paper, ebook, audiobook, and books of no known format.
  case format
  /// Each series (a book in two series counts in both).
  case series
  /// Each of StoryGraph's moods.
  case mood
  /// The first author.
  case author
}

/// The finished readings of one group (a tag, a format, a series, a mood, an author) in a
/// year or of all time: books, pages and hours side by side, and the days they took.
public struct StatsGroup: Sendable, Equatable {
  /// The group's name as the library holds it (a tag as written, `audiobook`); empty for the
  /// books of no known format.
  public var name: String
  /// Finished readings (a book finished twice counts twice).
  public var books: Int
  /// The pages of the books finished, never an audiobook's.
  public var pages: Int
  /// The seconds of the audiobooks finished.
  public var seconds: Int
  /// The mean days from start to finish of the readings whose start is known.
  public var averageDaysToFinish: Double?

  public init(name: String, books: Int, pages: Int, seconds: Int, averageDaysToFinish: Double?) {
    self.name = name
    self.books = books
    self.pages = pages
    self.seconds = seconds
    self.averageDaysToFinish = averageDaysToFinish
  }
}

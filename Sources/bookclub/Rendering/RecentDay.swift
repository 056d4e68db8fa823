import ReadingModel

/// Words people use for a recent day: `today`, `yesterday`, `3 days ago`, `2 weeks ago`,
/// `last week`, and weekday names (`monday`, `mon`, `last monday`: the last one before
/// today).
enum RecentDay {
  /// The day `text` names, counted back from `today`.
  ///
  /// - Parameters:
  ///   - text: What the reader typed, in any case, words apart by any spaces.
  ///   - today: The reader's day now.
  /// - Returns: `nil` when `text` names no recent day.
  static func day(_ text: String, today: CalendarDay) -> CalendarDay? {
    daysBack(text, today: today).map {
      CalendarDay(daysSinceEpoch: today.daysSinceEpoch - $0)
    }
  }

  /// How many days before `today` the words name.
  private static func daysBack(_ text: String, today: CalendarDay) -> Int? {
    var words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    switch words {
    case ["today"]: return 0
    case ["yesterday"]: return 1
    case ["last", "week"], ["a", "week", "ago"]: return 7
    default: break
    }
    if words.count == 3, words[2] == "ago", let unit = unitDays[words[1]] {
      // Six digits at most: a million days is before 1800 already, and no overflow.
      let count = words[0] == "a" ? 1 : words[0].count <= 6 ? Int(words[0]) : nil
      return count.map { $0 * unit }
    }
    if words.first == "last", words.count == 2 { words.removeFirst() }
    guard words.count == 1, let weekday = weekday(words[0]) else { return nil }
    let back = (today.weekday - weekday + 7) % 7
    return back == 0 ? 7 : back
  }

  private static let unitDays = ["day": 1, "days": 1, "week": 7, "weeks": 7]

  /// 0 for Sunday to 6 for Saturday, from a weekday's English name or its first three
  /// letters.
  private static func weekday(_ word: String) -> Int? {
    let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    return names.firstIndex { $0 == word || (word.count >= 3 && $0.hasPrefix(word)) }
  }
}

extension CalendarDay {
  /// 0 for Sunday to 6 for Saturday (1970-01-01 was a Thursday).
  fileprivate var weekday: Int { ((daysSinceEpoch + 4) % 7 + 7) % 7 }
}

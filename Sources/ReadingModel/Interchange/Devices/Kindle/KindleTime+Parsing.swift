extension KindleTime {
  /// Reads the date at the end of a clipping's metadata line, in any language a Kindle
  /// writes: `Tuesday, March 4, 2021 12:34:56 PM`, `Sunday, 18 February 2018 22:30:47`,
  /// `Freitag, 8. Oktober 2021 20:06:02`, `sábado, 12 de octubre de 2019 0:37:31`,
  /// `2022年5月28日土曜日 13:21:54`, `2023年2月9日星期四 下午6:35:21`, and the older forms
  /// (`Friday, 6 July 12 07:37:42 GMT+01:00`, `lundi 17 juin 2013 à 20:19:15`).
  ///
  /// The words of a language are not needed: the month is found by its name in any of the
  /// languages, the year is the number of four digits (or the last of two), the time the first
  /// `H:MM[:SS]`; `PM`, `下午` and `午後` add twelve hours. Day names and `GMT+01:00` are
  /// passed over.
  ///
  /// - Parameter text: The part of the line after its last `|`.
  /// - Returns: `nil` when no day and time can be read, or they name no real day.
  public init?(clippingDate text: some StringProtocol) {
    let lowered = text.lowercased()
    let scalars = Array(lowered.unicodeScalars)
    guard let clock = Self.clock(in: scalars) else { return nil }
    var hour = clock.hour
    if Self.pmWords.contains(where: lowered.contains), hour < 12 { hour += 12 }
    if Self.amWords.contains(where: lowered.contains), hour == 12 { hour = 0 }
    let before = scalars[..<clock.start]
    guard
      let day = Self.cjkDay(in: before) ?? Self.spelledDay(in: before),
      (0..<24).contains(hour), (0..<60).contains(clock.minute), (0..<60).contains(clock.second)
    else { return nil }
    self.init(day: day, secondOfDay: hour * 3600 + clock.minute * 60 + clock.second)
  }

  private static let pmWords = [" pm", "p.m.", "下午", "午後"]
  private static let amWords = [" am", "a.m.", "上午", "午前"]

  /// The first `H:MM` or `H:MM:SS`, and where it starts.
  private static func clock(in scalars: [Unicode.Scalar]) -> (
    start: Int, hour: Int, minute: Int, second: Int
  )? {
    var index = 0
    while index < scalars.count {
      guard let (hour, afterHour) = number(in: scalars, at: index, maxDigits: 2),
        afterHour < scalars.count, scalars[afterHour] == ":",
        let (minute, afterMinute) = number(in: scalars, at: afterHour + 1, maxDigits: 2),
        afterMinute - afterHour == 3
      else {
        index += 1
        continue
      }
      var second = 0
      if afterMinute < scalars.count, scalars[afterMinute] == ":",
        let (value, afterSecond) = number(in: scalars, at: afterMinute + 1, maxDigits: 2),
        afterSecond - afterMinute == 3
      {
        second = value
      }
      return (index, hour, minute, second)
    }
    return nil
  }

  /// `2023年2月9日`.
  private static func cjkDay(in scalars: ArraySlice<Unicode.Scalar>) -> CalendarDay? {
    let text = String(String.UnicodeScalarView(scalars))
    guard let yearMark = text.firstIndex(of: "年"),
      let monthMark = text[yearMark...].firstIndex(of: "月"),
      let dayMark = text[monthMark...].firstIndex(of: "日")
    else { return nil }
    let year = text[..<yearMark].reversed().prefix(while: \.isASCIIDigit).reversed()
    guard year.count <= 4 else { return nil }  // a year of more digits is no day
    let month = text[text.index(after: yearMark)..<monthMark].trimmingWhitespace()
    let day = text[text.index(after: monthMark)..<dayMark].trimmingWhitespace()
    guard let year = Int(String(year)), let month = Int(month), let day = Int(day) else {
      return nil
    }
    return CalendarDay(year: year, month: month, day: day)
  }

  /// A day with its month spelled out in one of the languages, and two numbers around it.
  private static func spelledDay(in slice: ArraySlice<Unicode.Scalar>) -> CalendarDay? {
    let scalars = Array(slice)
    var month: Int?
    var numbers: [(value: Int, digits: Int)] = []
    var word = ""
    func endWord() {
      if month == nil, let found = monthsByName[word] { month = found }
      word = ""
    }
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if let (value, end) = number(in: scalars, at: index, maxDigits: 4) {
        endWord()
        numbers.append((value, end - index))
        index = end
        continue
      }
      if scalar.properties.isAlphabetic {
        word.unicodeScalars.append(scalar)
      } else {
        endWord()
      }
      index += 1
    }
    endWord()
    guard let month, numbers.count >= 2 else { return nil }
    let yearAt = numbers.lastIndex(where: { $0.digits == 4 }) ?? numbers.count - 1
    let year = numbers[yearAt].digits == 4 ? numbers[yearAt].value : 2000 + numbers[yearAt].value
    guard let day = numbers.enumerated().first(where: { $0.offset != yearAt })?.element.value else {
      return nil
    }
    return CalendarDay(year: year, month: month, day: day)
  }

  /// The ASCII digits at `index` (at most `maxDigits` of them), and where they end.
  private static func number(in scalars: [Unicode.Scalar], at index: Int, maxDigits: Int) -> (
    Int, Int
  )? {
    guard index >= 0, index < scalars.count, Self.isDigit(scalars[index]),
      index == 0 || !Self.isDigit(scalars[index - 1])
    else { return nil }
    var end = index
    var value = 0
    while end < scalars.count, Self.isDigit(scalars[end]) {
      guard end - index < maxDigits else { return nil }
      value = value * 10 + Int(scalars[end].value - 0x30)
      end += 1
    }
    return (value, end)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    (0x30...0x39).contains(scalar.value)
  }

  /// Months by their names in the languages Kindles write, lower-case (and without the
  /// accents some firmware leaves out).
  private static let monthsByName: [String: Int] = {
    let names: [[String]] = [
      [
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december",
      ],
      [
        "januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september",
        "oktober", "november", "dezember",
      ],
      [
        "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
        "octobre", "novembre", "décembre",
      ],
      [
        "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
        "octubre", "noviembre", "diciembre",
      ],
      [
        "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
        "settembre", "ottobre", "novembre", "dicembre",
      ],
      [
        "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
        "outubro", "novembro", "dezembro",
      ],
    ]
    var months: [String: Int] = [:]
    for list in names {
      for (index, name) in list.enumerated() { months[name] = index + 1 }
    }
    let extra: [(String, Int)] = [
      ("jänner", 1), ("maerz", 3), ("fevrier", 2), ("aout", 8), ("decembre", 12), ("marco", 3),
      ("setiembre", 9), ("jan", 1), ("feb", 2), ("mar", 3), ("apr", 4), ("jun", 6), ("jul", 7),
      ("aug", 8), ("sep", 9), ("sept", 9), ("oct", 10), ("nov", 11), ("dec", 12),
    ]
    for (name, month) in extra { months[name] = month }
    return months
  }()
}

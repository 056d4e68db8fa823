/// A POSIX `TZ` rule (`PST8PDT,M3.2.0,M11.1.0`, `<+0330>-3:30`, `UTC0`): a standard offset,
/// and optionally a summer offset with the days it starts and ends. What `TZ` may hold
/// itself, and what the last line of a TZif file says about times after its last
/// transition.
struct PosixTimeZoneRule: Sendable, Hashable {
  /// When in a year summer time starts or ends: a day and the local time on it.
  struct Change: Sendable, Hashable {
    enum Day: Sendable, Hashable {
      /// `Jn`: day 1 to 365, February 29 never counted.
      case julian(Int)
      /// `n`: day 0 to 365, February 29 counted.
      case zeroBased(Int)
      /// `Mm.w.d`: weekday `d` (0 is Sunday) of week `w` (5 is the last) of month `m`.
      case weekday(month: Int, week: Int, weekday: Int)
    }

    var day: Day
    /// Seconds after local midnight (may be negative or past a day, RFC 8536).
    var time: Int

    /// The day's number since 1970 in `year`.
    func daysSinceEpoch(in year: Int) -> Int {
      let january1 = CalendarDay(year: year, month: 1, day: 1)!.daysSinceEpoch
      switch day {
      case .julian(let n):
        let isLeap = CalendarDay(year: year, month: 2, day: 29) != nil
        return january1 + n - 1 + (isLeap && n >= 60 ? 1 : 0)
      case .zeroBased(let n):
        return january1 + n
      case .weekday(let month, let week, let weekday):
        let first = CalendarDay(year: year, month: month, day: 1)!.daysSinceEpoch
        // 1970-01-01 was a Thursday (4 with Sunday as 0).
        let firstWeekday = Int((Int64(first) + 4).floorDivided(by: 7).remainder)
        var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
        while CalendarDay(daysSinceEpoch: day).month != month { day -= 7 }
        return day
      }
    }
  }

  /// Summer time: its offset, and when it starts and ends each year.
  struct Summer: Sendable, Hashable {
    var offset: Int
    var start: Change
    var end: Change
  }

  /// Seconds east of UTC in standard time.
  var standardOffset: Int
  /// `nil` for a zone without summer time.
  var summer: Summer?

  /// The offset from UTC, in seconds, at `second` (seconds since 1970, UTC).
  func offset(at second: Int64) -> Int {
    guard let summer else { return standardOffset }
    let localDays = (second + Int64(standardOffset)).floorDivided(by: 86_400).quotient
    let year = CalendarDay(daysSinceEpoch: Int(localDays)).year
    // Summer starts by the standard clock and ends by the summer clock.
    let start =
      Int64(summer.start.daysSinceEpoch(in: year)) * 86_400 + Int64(summer.start.time)
      - Int64(standardOffset)
    let end =
      Int64(summer.end.daysSinceEpoch(in: year)) * 86_400 + Int64(summer.end.time)
      - Int64(summer.offset)
    let inSummer =
      start < end ? second >= start && second < end : !(second >= end && second < start)
    return inSummer ? summer.offset : standardOffset
  }

  /// Reads a rule; `nil` for text that is not one.
  init?(_ text: some StringProtocol) {
    var scanner = Scanner(bytes: Array(text.utf8))
    guard scanner.name(), let standard = scanner.offset() else { return nil }
    standardOffset = -standard
    if scanner.isAtEnd {
      summer = nil
      return
    }
    guard scanner.name() else { return nil }
    let summerOffset = scanner.peek == UInt8(ascii: ",") || scanner.isAtEnd ? -standard + 3600 : nil
    guard let offset = summerOffset ?? scanner.offset().map({ -$0 }) else { return nil }
    // Without dates, the rule the C library assumes: the United States' since 2007.
    var start = Change(day: .weekday(month: 3, week: 2, weekday: 0), time: 7200)
    var end = Change(day: .weekday(month: 11, week: 1, weekday: 0), time: 7200)
    if !scanner.isAtEnd {
      guard scanner.take(UInt8(ascii: ",")), let first = scanner.change(),
        scanner.take(UInt8(ascii: ",")), let second = scanner.change(), scanner.isAtEnd
      else { return nil }
      (start, end) = (first, second)
    }
    summer = Summer(offset: offset, start: start, end: end)
  }

  /// Reads the parts of a rule, byte by byte.
  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
      guard peek == byte else { return false }
      index += 1
      return true
    }

    /// A zone's abbreviation: three or more letters, or anything but `>` between `<` and `>`.
    mutating func name() -> Bool {
      let start = index
      if take(UInt8(ascii: "<")) {
        while let byte = peek, byte != UInt8(ascii: ">") { index += 1 }
        return index - start - 1 >= 3 && take(UInt8(ascii: ">"))
      }
      while let byte = peek, isLetter(byte) { index += 1 }
      return index - start >= 3
    }

    private func isLetter(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// `[+-]hh[:mm[:ss]]` as seconds (west of UTC positive, as POSIX writes it).
    mutating func offset() -> Int? {
      let negative = take(UInt8(ascii: "-"))
      if !negative { _ = take(UInt8(ascii: "+")) }
      guard let seconds = clock(maxHours: 24) else { return nil }
      return negative ? -seconds : seconds
    }

    /// `hh[:mm[:ss]]` as seconds.
    mutating func clock(maxHours: Int) -> Int? {
      guard let hours = number(digits: 1...3), hours <= maxHours else { return nil }
      var seconds = hours * 3600
      for scale in [60, 1] {
        guard take(UInt8(ascii: ":")) else { break }
        guard let part = number(digits: 1...2), part < 60 else { return nil }
        seconds += part * scale
      }
      return seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time`.
    mutating func change() -> Change? {
      let day: Change.Day
      if take(UInt8(ascii: "J")) {
        guard let n = number(digits: 1...3), (1...365).contains(n) else { return nil }
        day = .julian(n)
      } else if take(UInt8(ascii: "M")) {
        guard let month = number(digits: 1...2), (1...12).contains(month),
          take(UInt8(ascii: ".")), let week = number(digits: 1...1), (1...5).contains(week),
          take(UInt8(ascii: ".")), let weekday = number(digits: 1...1), weekday <= 6
        else { return nil }
        day = .weekday(month: month, week: week, weekday: weekday)
      } else {
        guard let n = number(digits: 1...3), n <= 365 else { return nil }
        day = .zeroBased(n)
      }
      var time = 7200
      if take(UInt8(ascii: "/")) {
        let negative = take(UInt8(ascii: "-"))
        if !negative { _ = take(UInt8(ascii: "+")) }
        guard let seconds = clock(maxHours: 167) else { return nil }
        time = negative ? -seconds : seconds
      }
      return Change(day: day, time: time)
    }

    /// A decimal number of so many digits.
    mutating func number(digits: ClosedRange<Int>) -> Int? {
      var value = 0
      var count = 0
      while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte),
        count < digits.upperBound
      {
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        count += 1
        index += 1
      }
      return digits.contains(count) ? value : nil
    }
  }
}

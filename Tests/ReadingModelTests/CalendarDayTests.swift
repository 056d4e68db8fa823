import Testing

@testable import ReadingModel

/// The days exports write: `2023/05/23` (Goodreads, StoryGraph) and `2023-05-23`, read byte
/// by byte when they are digits and separators, by the general parse otherwise; both ways
/// must agree.
@Suite struct CalendarDayTests {
  @Test(arguments: [
    ("2023/05/23", CalendarDay(year: 2023, month: 5, day: 23)),
    ("2023-05-23", CalendarDay(year: 2023, month: 5, day: 23)),
    ("2023/5/3", CalendarDay(year: 2023, month: 5, day: 3)),
    ("2023/05-23", CalendarDay(year: 2023, month: 5, day: 23)),
    ("2024/02/29", CalendarDay(year: 2024, month: 2, day: 29)),
    ("0999/12/31", CalendarDay(year: 999, month: 12, day: 31)),
    // The general parse: Int reads a sign.
    ("2023/+5/23", CalendarDay(year: 2023, month: 5, day: 23)),
  ])
  func readsADay(_ text: String, _ day: CalendarDay?) {
    #expect(day != nil)
    #expect(CalendarDay(text) == day)
    #expect(CalendarDay(Substring(text)) == day)
  }

  @Test(arguments: [
    "2023/13/01", "2023/02/29", "2023/04/31", "2023/00/10", "2023/05/00", "023/05/23",
    "20230/05/23", "2023/005/23", "2023/05/123", "2023/05/", "2023//05", "/05/23", "2023/05",
    "2023/05/23/01", "2023.05.23", "2023/05/2x", " 2023/05/23", "", "yesterday",
  ])
  func refusesWhatIsNoDay(_ text: String) {
    #expect(CalendarDay(text) == nil)
  }
}

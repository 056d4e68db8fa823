import Foundation
import Testing

@testable import ReadingModel

/// Local days and minutes by arithmetic, checked against a zone with summer time.
@Suite struct LocalTimeTests {
  let newYork = TimeZoneRules(named: "America/New_York")!

  @Test func anInstantReadsAsTheLocalClockShowsIt() {
    // 2024-05-12 18:03 UTC is 14:03 in New York (UTC−4 in May).
    let date = Date(milliseconds: 1_715_536_980_000)
    #expect(LocalTime(date, in: newYork).description == "2024-05-12 14:03")
    #expect(LocalTime(date, in: TimeZoneRules.utc).description == "2024-05-12 18:03")
    #expect(
      LocalTime(Date(milliseconds: -1), in: TimeZoneRules.utc).description
        == "1969-12-31 23:59")
  }

  @Test func localTimesRoundTripAndSkippedOnesAreRefused() throws {
    for text in ["2024-01-15 08:30", "2024-07-04 23:59", "2024-11-03 00:15", "1999-12-31 12:00"] {
      let time = try #require(LocalTime(text))
      let date = try #require(time.date(in: newYork), "\(text)")
      #expect(LocalTime(date, in: newYork) == time)
    }
    // Clocks went from 02:00 to 03:00 on 2024-03-10: 02:30 never happened there.
    #expect(LocalTime("2024-03-10 02:30")?.date(in: newYork) == nil)
  }

  @Test func textIsReadStrictly() {
    #expect(LocalTime("2024-05-12")?.minuteOfDay == 12 * 60)
    #expect(LocalTime("2024-05-12T14:03:27")?.description == "2024-05-12 14:03")
    for bad in [
      "2024-05-12 24:00", "2024-05-12 9:30", "2024-02-30", "2024-05-12x14:03", "", "soon",
    ] {
      #expect(LocalTime(bad) == nil, "\(bad)")
    }
  }
}

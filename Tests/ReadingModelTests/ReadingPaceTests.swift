import Foundation
import ReadingModel
import Testing

/// Pace as a reader means it: where they were when the last 14 days began, to where they
/// are; a step back corrects, and a finished reading has a pace of its own.
@Suite struct ReadingPaceTests {
  static let day: TimeInterval = 86_400
  static let may1 = Date(milliseconds: 1_714_564_800_000)

  func entry(_ progress: Double, day: Double) -> ReadingProgress.Entry {
    ReadingProgress.Entry(progress: progress, time: Self.may1 + day * Self.day)
  }

  @Test func aStepBackCorrectsTheStepBeforeIt() throws {
    // Page 100 → 300 (a slip) → 200 → 250 of 1000 over 10 days: 150 pages read.
    let entries = [
      entry(0.1, day: 0), entry(0.3, day: 4), entry(0.2, day: 5), entry(0.25, day: 10),
    ]
    let pace = try #require(ReadingPace(positions: entries, pageCount: 1000))
    #expect(abs((pace.pagesPerDay ?? 0) - 15) < 1e-9)
    #expect(pace.span == .recent)
  }

  @Test func readingIsCountedFromWhereTheReaderWasWhenTheWindowBegan() throws {
    // Page 50 on day 0; 239 on day 18; 230 on day 20: 180 pages over the 14 days to day 20.
    let entries = [entry(0.05, day: 0), entry(0.239, day: 18), entry(0.23, day: 20)]
    let pace = try #require(ReadingPace(positions: entries, pageCount: 1000))
    #expect(abs((pace.pagesPerDay ?? 0) - 180.0 / 14) < 1e-9)
  }

  @Test func aStartBeforeTheFirstPositionIsAPositionAtZero() throws {
    let entries = [entry(0.1, day: 4)]
    #expect(ReadingPace(positions: entries, pageCount: 1000) == nil)
    let started = Self.may1
    let pace = try #require(ReadingPace(positions: entries, pageCount: 1000, started: started))
    #expect(abs((pace.pagesPerDay ?? 0) - 25) < 1e-9)
  }

  @Test func aFinishedBookHasThePaceOfItsLastReading() throws {
    var progress = ReadingProgress(
      entries: [entry(0.25, day: 0), entry(1, day: 8)],
      readings: [
        ReadingPeriod(
          start: CalendarDay(local: Self.may1), end: CalendarDay(local: Self.may1 + 8 * Self.day))
      ])
    let pace = try #require(progress.pace(pageCount: 400, status: .finished))
    #expect(pace.span == .finishedReading)
    #expect(abs((pace.pagesPerDay ?? 0) - 50) < 1e-9)
    #expect(pace.estimatedFinish == nil)
    #expect(progress.pace(pageCount: 400, status: .abandoned) == nil)
    progress.readings[0].end = nil
    #expect(progress.pace(pageCount: 400, status: .reading)?.span == .recent)
  }
}

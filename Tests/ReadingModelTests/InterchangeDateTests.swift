import Foundation
import ReadingModel
import TestSupport
import Testing

@Suite struct InterchangeDateTests {
  @Test(arguments: [
    (Int64(0), "1970-01-01T00:00:00.000Z"),
    (Int64(1_709_663_400_123), "2024-03-05T18:30:00.123Z"),
    (Int64(951_782_400_000), "2000-02-29T00:00:00.000Z"),
    (Int64(-1), "1969-12-31T23:59:59.999Z"),
    (Int64(-30_610_224_000_001), "0999-12-31T23:59:59.999Z"),
    (Int64(-62_135_596_800_000), "0001-01-01T00:00:00.000Z"),
  ])
  func formatsAndParses(_ milliseconds: Int64, _ text: String) {
    #expect(InterchangeDate.format(milliseconds: milliseconds) == text)
    #expect(InterchangeDate.parse(text) == milliseconds)
  }

  @Test func yearsPastFourDigitsKeepEveryDigit() {
    #expect(
      InterchangeDate.format(milliseconds: 253_402_300_800_000) == "10000-01-01T00:00:00.000Z")
  }

  /// Times at the ends of 64 bits (a library edited by hand) are written, not trapped on.
  @Test func theEndsOfTheRangeAreWritten() {
    #expect(InterchangeDate.format(milliseconds: .min).hasSuffix(".192Z"))
    #expect(InterchangeDate.format(milliseconds: .max).hasSuffix(".807Z"))
    #expect(Date(milliseconds: .max).milliseconds == .max)
    #expect(Date(milliseconds: .min).milliseconds == .min)
    #expect(Date(milliseconds: -1).milliseconds == -1)
  }

  @Test func parsesWithoutMilliseconds() {
    #expect(InterchangeDate.parse("2024-03-05T18:30:00Z") == 1_709_663_400_000)
  }

  @Test(arguments: [
    "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-03-05 18:30:00Z",
    "2024-03-05T24:00:00Z", "2024-03-05T18:30:00+01:00", "yesterday", "",
  ])
  func rejectsImpossibleOrOtherShapes(_ text: String) {
    #expect(InterchangeDate.parse(text) == nil)
  }

  @Test func roundTripsEveryMillisecondOfARandomSample() {
    var generator = SeededGenerator(seed: 99)
    for _ in 0..<10_000 {
      let milliseconds = Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)
      let text = InterchangeDate.format(milliseconds: milliseconds)
      #expect(InterchangeDate.parse(text) == milliseconds, "\(text)")
    }
  }
}

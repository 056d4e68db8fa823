import Foundation
import Testing

/// `--at` in the words people use for a recent day, each echoed with the day it named.
@Suite struct RecentDayCommandTests {
  let library = FirstWeekLibrary()

  /// The day of the entry `progress set` recorded with `--json`.
  func recordedDay(_ words: String, page: Int) async throws -> (day: String, stderr: String) {
    let result = try await library.run(
      ["progress", "set", "dune", String(page), "--at", words, "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let time = try #require((object["entry"] as? [String: Any])?["time"] as? String)
    return (String(time.prefix(10)), result.stderr)
  }

  @Test func recentDaysInWordsAreReadAndEchoed() async throws {
    try await library.run(["add", "Dune", "--author", "Frank Herbert", "--pages", "600"])
    let now = Date()
    let weekday = Calendar(identifier: .gregorian).dateComponents(
      in: TimeZone(identifier: "UTC")!, from: now
    ).weekday!  // 1 is Sunday
    // Monday is 2; the last Monday before today, a week back on a Monday.
    let mondayBack = (weekday - 2 + 7) % 7 == 0 ? 7 : (weekday - 2 + 7) % 7
    let cases: [(String, Int, String)] = [
      ("last week", 7, "last week"), ("2 days ago", 2, "2 days ago"),
      ("Monday", mondayBack, "monday"), ("yesterday", 1, "yesterday"),
    ]
    for (page, (words, back, echoed)) in cases.enumerated() {
      let expected = FirstWeekLibrary.day(back: back, from: now)
      let (day, stderr) = try await recordedDay(words, page: 10 * (page + 1))
      #expect(day == expected, "\(words)")
      #expect(stderr == "(\(echoed) = \(expected))\n", "\(words)")
    }
    // A date written out is not echoed.
    let written = try await recordedDay(FirstWeekLibrary.day(back: 1, from: now), page: 100)
    #expect(written.stderr == "")
  }

  @Test func wordsThatNameNoDayAreRefusedWithTheFormsThatWork() async throws {
    try await library.run(["add", "Dune", "--author", "Frank Herbert", "--pages", "600"])
    for words in ["someday", "2 fortnights ago", "next monday", "9999999 days ago"] {
      let refused = try await library.run(
        ["progress", "set", "dune", "10", "--at", words], status: 64)
      #expect(refused.stderr.contains("'3 days ago', a weekday"), "\(words): \(refused.stderr)")
    }
    let tooOld = try await library.run(
      ["progress", "set", "dune", "10", "--at", "99999 weeks ago"], status: 64)
    #expect(tooOld.stderr.contains("Reading is recorded from 1800 on."))
  }
}

import Foundation
import Testing

/// The pace a reader would call theirs: a step back corrects what came before it, reading
/// from before the last 14 days counts from where the reader was then, and a finished book
/// shows the pace of its last reading, saying so.
@Suite struct ReadingPaceCommandTests {
  let library = FirstWeekLibrary()

  func noon(back days: Int) -> String { FirstWeekLibrary.day(back: days) + " 12:00" }

  @Test func aCorrectionAfterAGoodDayKeepsThePace() async throws {
    try await library.run(["add", "Dune", "--author", "Frank Herbert", "--pages", "600"])
    try await library.run(["progress", "set", "dune", "50", "--at", noon(back: 20)])
    try await library.run(["progress", "set", "dune", "+189", "--at", noon(back: 2)])
    // Page 239 was a slip: the reader is on 230. 180 pages over the last 14 days.
    let corrected = try await library.run(["progress", "set", "dune", "230"])
    #expect(corrected.stdout.contains("· 13 pages/day ·"), "\(corrected.stdout)")
    #expect(!corrected.stdout.contains("no progress"))
    let shown = try await library.run(["show", "dune"])
    #expect(shown.stdout.contains("\nPace      13 pages/day · finish around "), "\(shown.stdout)")
    let pace = try #require(try await library.json(["status", "dune"])["pace"] as? [String: Any])
    #expect(pace["span"] as? String == "recent")
    #expect(abs((pace["pagesPerDay"] as? Double ?? 0) - 180.0 / 14) < 0.01)
  }

  @Test func aFinishedBookShowsThePaceOfItsLastReading() async throws {
    try await library.run(["add", "Emma", "--author", "Jane Austen", "--pages", "400"])
    try await library.run(["progress", "set", "emma", "100", "--at", noon(back: 10)])
    try await library.run(["progress", "set", "emma", "done", "--at", noon(back: 2)])
    // 400 pages from the start on day -10 to the finish on day -2.
    let shown = try await library.run(["show", "emma"])
    #expect(
      shown.stdout.contains("\nPace      50 pages/day over the last reading\n"), "\(shown.stdout)")
    let pace = try #require(try await library.json(["show", "emma"])["pace"] as? [String: Any])
    #expect(pace["span"] as? String == "finishedReading")
    // An abandoned book is not being read: no pace.
    try await library.run(["status", "emma", "abandoned"])
    #expect(!(try await library.run(["show", "emma"])).stdout.contains("Pace"))
  }
}

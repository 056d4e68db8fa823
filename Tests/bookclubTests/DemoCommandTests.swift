import Foundation
import Testing

@Suite struct DemoCommandTests {
  let home = TestHome()

  static let sampleURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("sample-data/library.json")

  @Test func demoListsTheSampleLibraryAndLeavesNothingBehind() async throws {
    let sampleBefore = try Data(contentsOf: Self.sampleURL)
    let result = try await home.bookclub.run(["demo"])
    #expect(result.status == 0, "\(result.stderr)")
    let rows = result.stdout.split(separator: "\n")
    #expect(rows.count == 31)
    #expect(rows.contains { $0.contains("Middlemarch") && $0.contains("reading") })
    #expect(result.stderr.contains("Showing 1–30 of 73 · next: bookclub demo --after "))
    #expect(try Data(contentsOf: Self.sampleURL) == sampleBefore)
    #expect(!FileManager.default.fileExists(atPath: home.path("data")))
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path("tmp")).isEmpty)
  }

  @Test func demoTakesListOptions() async throws {
    let result = try await home.bookclub.run(["demo", "--all", "--json"])
    #expect(result.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let books = try #require(object?["books"] as? [[String: Any]])
    #expect(books.count >= 60)
    let reading = try await home.bookclub.run(["demo", "--status", "reading", "--sort", "title"])
    #expect(reading.stdout.split(separator: "\n").dropFirst().allSatisfy { $0.contains("reading") })
    let bad = try await home.bookclub.run(["demo", "--library", "x"])
    #expect(bad.status == 64)
  }

  @Test func demoCursorsContinueTheDemo() async throws {
    let first = try await home.bookclub.run(["demo", "--limit", "10"])
    let hint = try #require(first.stderr.split(separator: "\n").last).split(separator: " ")
    let cursor = String(hint[hint.count - 3])
    let second = try await home.bookclub.run(["demo", "--after", cursor, "--limit", "10"])
    #expect(second.status == 0)
    #expect(second.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("11  ") == true)
  }
}

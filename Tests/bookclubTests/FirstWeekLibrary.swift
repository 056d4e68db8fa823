import Foundation
import TestSupport
import Testing

/// A library of one's own for the tests of what a reader hit in their first week (issue
/// 26), run through the real binary.
struct FirstWeekLibrary {
  let home = TestHome()
  var path: String { home.path("library.sqlite") }

  /// Runs `bookclub` on the library, expecting `status` unless it is `nil`.
  @discardableResult
  func run(
    _ arguments: [String], status: Int32? = 0, environment: [String: String] = [:],
    input: String = ""
  ) async throws -> BookclubProcess.Result {
    let result = try await home.bookclub.run(
      arguments,
      extraEnvironment: ["BOOKCLUB_LIBRARY": path, "BOOKCLUB_SCENE": "week"].merging(
        environment
      ) { $1 }, input: input)
    if let status {
      #expect(result.status == status, "\(arguments): \(result.stdout) \(result.stderr)")
    }
    return result
  }

  /// Runs `bookclub` with `--json` and reads the object it prints.
  func json(_ arguments: [String]) async throws -> [String: Any] {
    let result = try await run(arguments + ["--json"])
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      "\(arguments): \(result.stdout) \(result.stderr)")
  }

  /// The UTC day `days` before today (the tests run with `TZ=UTC`).
  static func day(back days: Int, from now: Date = Date()) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let date = calendar.date(byAdding: .day, value: -days, to: now)!
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
  }
}

import Foundation
import Testing

/// No command (nor the browser) force-unwraps what a change made: each reads it through the
/// accessor that throws ``AppliedChange/MissingResult`` when it is missing.
@Suite struct AppliedChangeUseTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "Sources/bookclub")

  @Test func nothingAChangeMadeIsForceUnwrapped() throws {
    let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
    var checked = 0
    var found: [String] = []
    // `applied.after!`, `).editResult!`, `.trashedBook!` and the like.
    let forceUnwrap =
      #/\.(after|before|record|outcome|editResult|entry|removedEntry|trashedBook|clearedGoal)!/#
    for case let name as String in files where name.hasSuffix(".swift") {
      let text = try String(
        contentsOf: Self.sources.appendingPathComponent(name), encoding: .utf8)
      checked += 1
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated() where line.contains(forceUnwrap)
      {
        found.append("\(name):\(number + 1): \(line)")
      }
    }
    #expect(checked > 50)
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }
}

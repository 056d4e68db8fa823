import Foundation
import TestSupport
import Testing

/// A suite whose members each have a home of their own (Ann, Bo, Cy in one club): the
/// `run` and the status line every such suite needs, written once.
protocol ClubMemberSuite {}

extension ClubMemberSuite {
  /// Runs bookclub as `member`, expecting it to exit with `status`; a failure names the
  /// test's line.
  @discardableResult
  func run(
    _ member: TestHome, _ arguments: [String], status: Int32 = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> BookclubProcess.Result {
    let result = try await member.bookclub.run(arguments)
    #expect(
      result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    return result
  }

  /// The member's line of `club status`.
  func line(of name: String, in status: String) -> String {
    status.split(separator: "\n").first { $0.hasPrefix("  \(name)") }.map(String.init) ?? ""
  }
}

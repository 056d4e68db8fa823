import Foundation
import Testing

/// A suite whose commands run the real binary against a library in its own test home: the
/// `run` and `json` every such suite needs, written once.
protocol LibraryCommandSuite {
  var home: TestHome { get }
}

extension LibraryCommandSuite {
  /// The library the suite's commands use unless told another.
  var library: String { home.path("library.sqlite") }

  /// Runs bookclub with `BOOKCLUB_LIBRARY` set to `library`, or to the suite's library.
  @discardableResult
  func run(_ arguments: [String], library: String? = nil) async throws -> BookclubProcess.Result {
    try await home.bookclub.run(
      arguments, extraEnvironment: ["BOOKCLUB_LIBRARY": library ?? self.library])
  }

  /// Runs bookclub with `--json` and returns the object it printed.
  ///
  /// - Throws: When stdout is not a JSON object (the failure shows stderr).
  func json(_ arguments: [String], library: String? = nil) async throws -> [String: Any] {
    let result = try await run(arguments + ["--json"], library: library)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      "\(result.stderr)")
  }
}

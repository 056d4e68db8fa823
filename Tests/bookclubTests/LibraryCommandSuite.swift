import Foundation
import ReadingModel
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

  /// Runs bookclub as ``run(_:library:)`` does, expecting it to exit with `status`; a
  /// failure names the test's line.
  @discardableResult
  func bookclub(
    _ arguments: [String], status: Int32 = 0, library: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> BookclubProcess.Result {
    let result = try await run(arguments, library: library)
    #expect(
      result.status == status, "\(arguments): \(result.stdout) \(result.stderr)",
      sourceLocation: sourceLocation)
    return result
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

extension LibraryCommandSuite {
  /// A CSV file in the test home: `header`, then a row per dictionary, each by the columns
  /// it fills (the others empty), as a service's export writes them.
  ///
  /// - Returns: The file's path.
  func csvFile(_ name: String, header: [String], _ rows: [[String: String]]) throws -> String {
    let lines = [header] + rows.map { row in header.map { row[$0] ?? "" } }
    let path = home.path(name)
    try lines.map(CSVWriter.line).joined().write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// The rows of an export in `format`, each by its header's names. The file stays in the
  /// test home as `export-<format>.csv`, for a test to import it back.
  func exportedRows(_ format: String, library: String? = nil) async throws -> [[String: String]] {
    let path = home.path("export-\(format).csv")
    let result = try await run(["export", "--format", format, "-o", path], library: library)
    #expect(result.status == 0, "\(result.stderr)")
    var reader = try CSVReader(path: path)
    guard let header = try reader.next()?.fields else { return [] }
    var rows: [[String: String]] = []
    while let record = try reader.next() {
      rows.append(Dictionary(zip(header, record.fields)) { first, _ in first })
    }
    return rows
  }
}

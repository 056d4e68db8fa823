import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub check`: is the library file sound?
  struct Check: ParsableCommand {
    static let signature = CommandSignature(
      name: "check",
      abstract: "Check the library file for damage.",
      discussion: """
        Runs SQLite's integrity check, then reads every table and every index on its own, and \
        says in plain words what cannot be read. Exits 1 when the library is damaged; \
        'bookclub repair' then recovers it. A library found damaged by any command is not \
        written to until a check finds it sound or it is repaired. A library that cannot be \
        written (a read-only file or folder) is checked as it is, and said to be read-only.
        """,
      options: [CommonOptions.json("Print the findings as JSON."), LibraryOption.spec]
    )

    let options: ReportOptions
    private var json: Bool { options.json }
    private var libraryPath: String? { options.libraryPath }

    init(_ values: ParsedValues) throws(UsageError) {
      options = ReportOptions(values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let health = try await library.check()
      if json {
        context.output.line(Self.json(health).text)
      } else {
        for line in Self.lines(health, path: library.path) { context.output.line(line) }
      }
      if health.isDamaged {
        throw LibraryHealthError.damaged(path: library.path)
      }
      if !health.isSound { throw LibraryHealthError.unknownValues(path: library.path) }
    }

    static func lines(_ health: LibraryHealth, path: String) -> [String] {
      let counts = "\(health.books ?? 0) books and \(health.entries ?? 0) progress entries"
      let readOnly =
        health.isReadOnly
        ? ["It is read-only: commands that read it work, commands that change it refuse."] : []
      guard !health.isSound else {
        return ["The library '\(TerminalText.safe(path))' is sound: \(counts)."]
          + (health.wasMarked && !health.isReadOnly
            ? ["It had been marked damaged; the mark is removed."] : []) + readOnly
      }
      let damage = health.problems.filter { $0.fix == nil }
      guard !damage.isEmpty else {
        return valueLines(health, path: path, counts: counts) + readOnly
      }
      var lines = ["The library '\(TerminalText.safe(path))' is damaged:"]
      for problem in damage {
        let part = problem.part.map { "the \(problem.isIndex ? "index" : "table") \($0)" }
        let consequence =
          problem.isIndex
          ? "; an index is rebuilt from its table, so no row is lost"
          : problem.part == nil ? "" : "; some of its rows may be lost"
        lines.append(
          "  - \(part ?? "the file") cannot be read (\(TerminalText.safe(problem.detail)))"
            + consequence)
      }
      lines.append(
        health.books == nil
          ? "Its books cannot be counted." : "\(counts) can still be read.")
      lines.append(
        "Run 'bookclub repair': it keeps the damaged file as a backup, then recovers every row "
          + "it can read.")
      return lines + valueLines(health, path: path, counts: counts).dropFirst() + readOnly
    }

    /// The values bookclub does not know, in a file that is otherwise sound, and how to
    /// set right ones.
    private static func valueLines(_ health: LibraryHealth, path: String, counts: String)
      -> [String]
    {
      let values = health.problems.filter { $0.fix != nil }
      guard !values.isEmpty else { return [] }
      return ["The library '\(TerminalText.safe(path))' holds values bookclub does not know:"]
        + values.map { "  - \(TerminalText.safe($0.detail)); \($0.fix ?? "")" }
    }

    /// `{"sound", "readOnly", "books", "entries", "problems": [{"part", "index", "detail",
    /// "fix"}]}`
    static func json(_ health: LibraryHealth) -> JSONValue {
      .object([
        "sound": .bool(health.isSound),
        "readOnly": .bool(health.isReadOnly),
        "books": health.books.map { .integer(Int64($0)) } ?? .null,
        "entries": health.entries.map { .integer(Int64($0)) } ?? .null,
        "problems": .array(
          health.problems.map {
            .object([
              "part": $0.part.map(JSONValue.string) ?? .null, "index": .bool($0.isIndex),
              "detail": .string($0.detail), "fix": $0.fix.map(JSONValue.string) ?? .null,
            ])
          }),
      ])
    }
  }
}

/// Why `check` exits 1.
enum LibraryHealthError: Error, LocalizedError {
  /// The check found damage (described on stdout).
  case damaged(path: String)
  /// The file is sound but holds values bookclub does not know (described on stdout).
  case unknownValues(path: String)

  var errorDescription: String? {
    switch self {
    case .damaged(let path):
      "The library '\(path)' is damaged; 'bookclub repair' recovers what can be read."
    case .unknownValues(let path):
      "The library '\(path)' holds values bookclub does not know; set them as listed above."
    }
  }
}

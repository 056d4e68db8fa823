import Foundation
import Testing

/// Command lines a careless or hostile person types: each gets its exit code and a message
/// that says what to do, and none crashes or changes the library.
@Suite struct HostileCommandLineTests {
  /// One command line and what it must give.
  struct Case: CustomStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    /// A fragment of stderr (or stdout, for successes).
    var says: String

    init(_ arguments: [String], _ status: Int32, _ says: String) {
      self.arguments = arguments
      self.status = status
      self.says = says
    }

    var description: String { arguments.joined(separator: " ") }
  }

  static let escape = "\u{1B}]52;c;SGVsbG8=\u{07}"
  static let long = String(repeating: "a", count: 600)

  static let cases: [Case] = [
    Case(["lsit"], 64, "Did you mean 'list'?"),
    Case(["list", "--limt", "5"], 64, "Unknown option '--limt'. Did you mean '--limit'?"),
    Case(["list", "--limit"], 64, "Missing value for '--limit <limit>'"),
    Case(["list", "--limit", "0"], 64, "invalid for '--limit <limit>'"),
    Case(["list", "--limit", "99999999999999999999"], 64, "whole number from 1"),
    Case(["list", "--limit", "-5"], 64, "invalid for '--limit <limit>'"),
    Case(["list", "--sort", "titel"], 64, "Please provide one of"),
    Case(["list", "--status", "done"], 64, "Please provide one of"),
    Case(["list", "--after", "garbage"], 64, "Use a cursor printed by an earlier list"),
    Case(["list", "--after", "YzEfaWQfMzAfMzAfMzA", "--sort", "title"], 64, "sorted by id"),
    Case(["list", "--search", long], 64, "at most 500 characters"),
    Case(["list", "--search", "%_\\"], 0, "No books match"),
    Case(["list", "--json=yes"], 64, "does not take a value"),
    Case(["list", "--", "--json"], 64, "Unexpected argument '--json'"),
    Case(["list", "--library", "/"], 1, "it is a folder, not a library file"),
    Case(["list", "--library", "/dev/null"], 1, "it is a device, not a library file"),
    Case(["add", "x", "-a", "y", "--library", "/dev/null"], 1, "it is a device"),
    Case(["list", "--library", "zero.sqlite"], 1, "is an empty file, not a bookclub library"),
    Case(["list", "--library", "loop.sqlite"], 1, "its symbolic links form a loop"),
    Case(
      ["list", "--library", "dangling.sqlite"], 1, "a symbolic link to a file that does not exist"),
    Case(["list", "--library", "notes.txt"], 1, "is not a bookclub library"),
    Case(["add"], 64, "Missing expected argument '<title>'"),
    Case(["add", "", "-a", "x"], 64, "A book needs a title"),
    Case(["add", "x", "-a", ""], 64, "A book needs at least one author"),
    Case(["add", "x", "-a", "y", "--pages", "0"], 64, "from 1 to 100000"),
    Case(["add", "x", "-a", "y", "--pages", "9999999999999999999999"], 64, "from 1 to 100000"),
    Case(["add", "x", "-a", "y", "--isbn", "123"], 64, "An ISBN has 10 or 13 digits"),
    Case(["add", "x", "-a", "y", "--isbn", "4006381333931"], 64, "An ISBN has 10 or 13 digits"),
    Case(["add", "x", "-a", "y", "--status", "lent-out"], 64, "Please provide one of"),
    Case(["add", escape, "-a", "y", "--library", "other.sqlite"], 0, "\\e]52;c;SGVsbG8=\\x07"),
    Case(["progress", "set", "1", "+9223372036854775807"], 64, "past the last page"),
    Case(["progress", "set", "1", "-9223372036854775807"], 64, "before the first page"),
    Case(["progress", "set", "1", "99999999999999999999999"], 64, "is not a progress value"),
    Case(["progress", "set", "1", "101%"], 64, "100%"),
    Case(["progress", "set", "1", "nan%"], 64, "is not a progress value"),
    Case(["progress", "set", "1", "1e400%"], 64, "is not a progress value"),
    Case(["progress", "set", "1", "-0.5%"], 64, "Unknown option '-0.5%'"),
    Case(["progress", "set", "2", "5"], 64, "no page count"),
    Case(["progress", "set", "1", "5", "--at", "-2024-01-01"], 64, "invalid for '--at <date>'"),
    Case(["progress", "set", "1", "5", "--at", "1600-01-01"], 64, "from 1800 on"),
    Case(["progress", "set", "1", "5", "--at", "2999-01-01"], 64, "in the future"),
    Case(["progress", "set", "1", "5", "--at", "2024-02-30"], 64, "invalid for '--at <date>'"),
    Case(["progress", "set", "999", "5"], 1, "No book matches '999'"),
    Case(["progress", "set", "mma", "5%"], 1, "matches several books"),
    Case(["progress", "set", escape, "5"], 1, "No book matches '\\e]52;c;SGVsbG8=\\x07'"),
    Case(["progress", "show", "nothing like it"], 1, "No book matches"),
    Case(["note", "add", "1", ""], 64, "A note needs some text"),
    Case(["note", "edit", "zz", "x"], 1, "No entry has the id 'zz'"),
    Case(["note", "remove", "abcd"], 1, "No entry has the id 'abcd'"),
    Case(["status", "1", "lent-out"], 64, "Please provide one of"),
    Case(["show", ""], 1, "No book matches ''"),
    Case(["select", "1", "--clear"], 64, "Unexpected argument '1'"),
    Case(["settings", "set", "pageSize", "0"], 64, "from 1 to 1000"),
    Case(["settings", "set", "pageSize", "abc"], 64, "from 1 to 1000"),
    Case(["settings", "get", "nope"], 64, "Unknown setting 'nope'"),
    Case(["settings", "toggle", "pageSize"], 64, "Only true-or-false settings toggle"),
    Case(["settings", "set", "color", "\u{1B}[2J"], 64, "'\\e[2J' is invalid for 'color'"),
    Case(["import"], 64, "Missing expected argument '<file>'"),
    Case(["import", ""], 64, "Please give the path of an export file"),
    Case(["import", "/"], 1, "is a folder, not a file"),
    Case(["import", "/dev/null"], 1, "is a device, not a file"),
    Case(["import", "fifo"], 1, "is a FIFO (named pipe), not a file"),
    Case(["import", "zero.sqlite"], 1, "is empty: there is nothing to import"),
    Case(["import", "/nonexistent.csv"], 1, "There is no file"),
    Case(["import", "notes.txt", "--format", "excel"], 64, "Please provide one of"),
    Case(["import", "notes.txt", "--prefer", "both"], 64, "Please provide one of"),
    Case(["import", "notes.txt", "--shelf", "dnf"], 64, "Please write NAME=STATUS"),
    Case(["import", "notes.txt", "--shelf", "dnf=lent-out"], 64, "Please write NAME=STATUS"),
    Case(["import", "notes.txt"], 1, "not an export bookclub reads"),
    Case(["import", "broken.json"], 1, "The archive cannot be read: line 1, column"),
    Case(["export", "--format", "pdf"], 64, "Please provide one of"),
    Case(["export", "-o", "/"], 1, "it is a folder; give a file's path"),
    Case(["export", "-o", ""], 64, "Please give a file's path"),
    Case(["--generate-completion-script", "tcsh"], 64, "'bash', 'zsh' or 'fish'"),
    Case(["help", "nope"], 64, "Unexpected argument 'nope'"),
    Case(["--library", "x"], 64, "Unknown option '--library'"),
    Case(["check", "--library", "nowhere/library.sqlite"], 0, "is sound: 0 books"),
    Case(["repair"], 0, "is sound; nothing to repair"),
  ]

  @Test func everyHostileCommandLineGetsItsStatusAndAMessage() async throws {
    #expect(Self.cases.count >= 60)
    let home = TestHome()
    let library = home.path("library.sqlite")
    let bookclub = home.bookclub
    func run(_ arguments: [String]) async throws -> BookclubProcess.Result {
      try await bookclub.run(
        arguments, extraEnvironment: ["BOOKCLUB_LIBRARY": library], in: home.url)
    }
    _ = try await run(["add", "Middlemarch", "-a", "George Eliot", "--pages", "880"])
    _ = try await run(["add", "Emma", "-a", "Jane Austen"])
    _ = try await run(["add", "Emma Returns", "-a", "Someone Else"])
    _ = try await run(["progress", "set", "1", "100"])
    try Data().write(to: home.url.appendingPathComponent("zero.sqlite"))
    try "title,author\nEmma,Austen\n".write(
      toFile: home.path("notes.txt"), atomically: false, encoding: .utf8)
    try "{\"books\":[{\"id\":1,,]}".write(
      toFile: home.path("broken.json"), atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: home.path("loop.sqlite"), withDestinationPath: home.path("loop.sqlite"))
    try FileManager.default.createSymbolicLink(
      atPath: home.path("dangling.sqlite"), withDestinationPath: home.path("gone.sqlite"))
    #expect(mkfifo(home.path("fifo"), 0o600) == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: library))
    for hostile in Self.cases {
      let result = try await run(hostile.arguments)
      #expect(result.status == hostile.status, "\(hostile): \(result.stderr)")
      let said = result.stderr + result.stdout
      #expect(said.contains(hostile.says), "\(hostile): \(said)")
      #expect(!said.contains("\u{1B}]") && !said.contains("\u{07}"), "\(hostile) printed escapes")
      #expect(!said.contains("Fatal error") && !said.contains("Backtrac"), "\(hostile) crashed")
    }
    let after = try Data(contentsOf: URL(fileURLWithPath: library))
    // Only the successful cases could write, and none of them writes this library.
    #expect(after == before)
  }
}

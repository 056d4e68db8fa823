import Foundation
import Testing

/// Every command of the tree, built from a parsed command line: a command that reads an
/// option or argument its signature does not declare stops at once (a precondition), so a
/// misspelled or forgotten declaration fails here even where no other test runs the command.
@Suite struct EveryCommandTests {
  let home = TestHome()

  /// One command line per command, with the arguments it requires.
  static let invocations: [String: [String]] = [
    "list": [], "browse": [], "add": ["Emma", "--author", "Jane Austen"], "show": ["1"],
    "status": ["1"],
    "progress set": ["1", "10%"], "progress show": ["1"], "progress edit": ["1"],
    "progress undo": ["1"], "undo": [], "redo": [], "progress remove": ["abcd1234"],
    "note add": ["1", "text"],
    "note list": ["1"], "note edit": ["abcd1234", "text"], "note remove": ["abcd1234"],
    "edit": ["1", "--pages", "12"], "rate": ["1", "4"], "review": ["1", "--text", "Good"],
    "tag": ["1", "x"], "untag": ["1", "x"],
    "tags": [], "series add": ["1", "Earthsea", "1"], "series remove": ["1", "Earthsea"],
    "mood": ["1", "dark"], "edition link": ["1", "2"], "edition unlink": ["1"],
    "highlights export": ["1"], "highlights note": ["abcd1234", "text"],
    "highlights remove": ["abcd1234"], "quote add": ["1", "text"],
    "session remove": ["abcd1234"], "read": ["1"],
    "next add": ["1"], "next move": ["1", "--first"], "next remove": ["1"],
    "remove": ["1"], "restore": ["1"], "trash": [], "select": ["1"],
    "settings list": [], "settings get": ["color"], "settings set": ["color", "never"],
    "settings toggle": ["syncProgress"], "settings reset": ["color"],
    "import": ["missing.csv"], "ingest": ["/nonexistent/kindle"], "export": [], "check": [],
    "repair": [], "demo": ["--limit", "1"],
    "club create": ["/nonexistent/club", "--name", "C", "--as", "Me"],
    "club join": ["/nonexistent/club", "--as", "Me"], "club leave": [], "club list": [],
    "club pick": ["1"], "club status": [], "club notes": [], "club sync": [],
    "stats": ["--year", "2024"], "goal set": ["2026", "12"], "goal clear": ["2026"],
    "lookup": ["12345"],  // not an ISBN: a usage error, and no network
    "cover": ["1"], "covers fetch": ["--all"], "covers clear": [],  // no book: no network
    "sync init": ["/nonexistent/sync"], "sync join": ["/nonexistent/sync"], "sync now": [],
    "sync status": [], "sync devices": [], "sync forget": ["laptop"], "sync compact": [],
    // No token kept, none given: no network.
    "hardcover login": ["--token-file", "/nonexistent/token"], "hardcover logout": [],
    "hardcover status": [], "hardcover pull": ["--dry-run"], "hardcover push": ["--dry-run"],
  ]

  /// The commands the tree has, found as a user finds them: through completion and help.
  func leafCommands() async throws -> [String] {
    var leaves: [String] = []
    // `help` is completed too, but is the parser's, not a command of the tree.
    for command in try await words([""]) where command != "help" {
      let help = try await home.bookclub.run([command, "--help"])
      if help.stdout.contains("SUBCOMMANDS:") {
        leaves += try await words([command, ""]).map { "\(command) \($0)" }
      } else {
        leaves.append(command)
      }
    }
    return leaves
  }

  func words(_ typed: [String]) async throws -> [String] {
    let result = try await home.bookclub.run(["__complete"] + typed)
    return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
  }

  @Test func everyCommandIsCoveredHere() async throws {
    #expect(Set(try await leafCommands()) == Set(Self.invocations.keys))
  }

  @Test(arguments: invocations.keys.sorted())
  func buildsFromItsDeclarations(_ command: String) async throws {
    let words = command.split(separator: " ").map(String.init)
    let result = try await home.bookclub.run(
      words + Self.invocations[command, default: []],
      extraEnvironment: ["BOOKCLUB_LIBRARY": home.path("library.sqlite")])
    // 0, 1 or 64: the command ran, or failed as a command does; never a trap.
    #expect([0, 1, 64].contains(result.status), "\(command): \(result.stderr)")
    #expect(!result.stderr.contains("does not declare"), "\(command)")
  }

  @Test(arguments: invocations.keys.sorted())
  func hasHelpThatReadsClean(_ command: String) async throws {
    let words = command.split(separator: " ").map(String.init)
    let help = try await home.bookclub.run(words + ["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("OVERVIEW: "))
    // A line continuation typed twice shows up as a backslash at the end of a line.
    #expect(!help.stdout.contains("\\\n"), "\(command)")
  }
}

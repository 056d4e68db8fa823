import Testing

/// Help, usage errors and exit codes, compared with what swift-argument-parser tools print.
@Suite struct HelpAndUsageTests {
  let home = TestHome()

  @Test func unknownOptionSuggestsTheCloseOne() async throws {
    let result = try await home.bookclub.run(["list", "--limt", "3"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Error: Unknown option '--limt'. Did you mean '--limit'?")
    #expect(lines.dropFirst().first?.hasPrefix("Usage: bookclub list [--limit <limit>]") == true)
    #expect(lines.dropFirst(2).first == "  See 'bookclub list --help' for more information.")
  }

  @Test(arguments: [
    (["list", "--limit"], "Error: Missing value for '--limit <limit>'"),
    (
      ["list", "--limit", "x"],
      "Error: The value 'x' is invalid for '--limit <limit>'. Please provide a whole number from 1 to 1000."
    ),
    (
      ["list", "--limit", "0"],
      "Error: The value '0' is invalid for '--limit <limit>'. Please provide a whole number from 1 to 1000."
    ),
    (
      ["list", "--sort", "pages"],
      "Error: The value 'pages' is invalid for '--sort <sort>'. Please provide one of 'id', 'title', 'author', 'updated', 'rating', 'finished', 'added', 'series' or 'upNext'."
    ),
    (["list", "foo"], "Error: Unexpected argument 'foo'"),
    (["list", "--json=yes"], "Error: The flag '--json' does not take a value"),
    (
      ["list", "--after", "nonsense"],
      "Error: The value 'nonsense' is invalid for '--after <cursor>'. Use a cursor printed by an earlier list."
    ),
    (["add"], "Error: Missing expected argument '<title>'"),
    (["add", "Emma"], "Error: Missing expected argument '--author <name>'"),
    (["lst"], "Error: Unexpected argument 'lst'. Did you mean 'list'?"),
  ])
  func usageErrorsExit64(_ arguments: [String], _ firstLine: String) async throws {
    let result = try await home.bookclub.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.split(separator: "\n").first.map(String.init) == firstLine)
    #expect(result.stderr.contains("\nUsage: bookclub"))
  }

  @Test func rootHelpListsSubcommands() async throws {
    let result = try await home.bookclub.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("OVERVIEW: "))
    #expect(result.stdout.contains("\nUSAGE: bookclub <subcommand>\n"))
    #expect(result.stdout.contains("\n  list                    List the books"))
    #expect(result.stdout.hasSuffix("\n  See 'bookclub help <subcommand>' for detailed help.\n"))
    // A bare group prints its help.
    #expect(try await home.bookclub.run([]).stdout == result.stdout)
  }

  @Test func everyFormOfHelpPrintsTheSamePage() async throws {
    let help = try await home.bookclub.run(["help", "list"])
    #expect(help.status == 0)
    #expect(try await home.bookclub.run(["list", "--help"]).stdout == help.stdout)
    #expect(try await home.bookclub.run(["list", "-h"]).stdout == help.stdout)
    #expect(
      help.stdout.contains(
        "  -n, --limit <limit>     Books per page, from 1 to 1000. Default: the pageSize\n                          setting (30).\n"
      ))
    #expect(help.stdout.contains("OPTIONS:\n"))
  }

  @Test func helpWrapsToColumns() async throws {
    let narrow = try await home.bookclub.run(["help", "list"], extraEnvironment: ["COLUMNS": "50"])
    let lines = narrow.stdout.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines.filter { $0.count > 50 })")
  }

  @Test func versionPrintsOneLine() async throws {
    let result = try await home.bookclub.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 1)
  }

  @Test func optionValueForms() async throws {
    let library = home.path("library.sqlite")
    #expect(
      try await home.bookclub.run([
        "add", "--author=Homer", "--", "-The Odyssey-", "--library", library,
      ])
      .status == 64)
    let added = try await home.bookclub.run([
      "add", "--author=Homer", "--library=\(library)", "--", "-The Odyssey-",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    let listed = try await home.bookclub.run(["list", "--library", library, "--json"])
    #expect(listed.stdout.contains("\"title\":\"-The Odyssey-\""))
  }
}

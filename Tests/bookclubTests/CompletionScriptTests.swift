import Foundation
import Testing

/// `bookclub --generate-completion-script`, loaded into the real shells, asking the real
/// binary (`bookclub __complete`) about a real library.
@Suite struct CompletionScriptTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  init() async throws {
    for (title, author) in [
      ("Emma", "Jane Austen"), ("The Age of Innocence", "Edith Wharton"),
      ("The Adventures of Tom Sawyer", "Mark Twain"),
    ] {
      _ = try await home.bookclub.run(["add", title, "-a", author, "--library", library])
    }
  }

  func script(_ shell: String) async throws -> String {
    let path = home.path("completion.\(shell)")
    let result = try await home.bookclub.run(["--generate-completion-script", shell])
    #expect(result.status == 0)
    try result.stdout.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// What bash offers after `words` (the words after `bookclub`; the last is completed).
  func bashCompletions(_ words: [String]) async throws -> [String] {
    let path = try await script("bash")
    let quoted = ([BookclubProcess.executable.path] + words).map(ShellWord.quote)
      .joined(separator: " ")
    let command =
      "source '\(path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count); _bookclub; "
      + "printf '%s\\n' \"${COMPREPLY[@]}\""
    let result = try await home.bookclub.run(
      executable: URL(fileURLWithPath: "/bin/bash"), ["-c", command],
      extraEnvironment: ["BOOKCLUB_LIBRARY": library], in: home.url)
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsOptionsAndFixedValues() async throws {
    await #expect(try bashCompletions(["pro"]) == ["progress"])
    await #expect(try bashCompletions(["progress", "s"]) == ["set", "show"])
    await #expect(
      try bashCompletions(["list", "--sort", ""]) == [
        "id", "title", "author", "updated", "rating", "finished", "added", "series", "upNext",
      ])
    await #expect(try bashCompletions(["note", "list", "--j"]) == ["--json"])
    await #expect(try bashCompletions(["settings", "t"]) == ["toggle"])
    await #expect(
      try bashCompletions(["settings", "toggle", ""]) == [
        "updateArtwork", "syncProgress", "clubAutoSync", "deviceAutoSync",
      ])
    await #expect(
      try bashCompletions(["--generate-completion-script", ""]) == ["bash", "zsh", "fish"])
  }

  @Test func bashCompletesBooksFromTheLibraryQuotedToTypeBack() async throws {
    await #expect(try bashCompletions(["show", "em"]) == ["Emma"])
    await #expect(
      try bashCompletions(["show", "the\\ a"]) == [
        "The\\ Adventures\\ of\\ Tom\\ Sawyer", "The\\ Age\\ of\\ Innocence",
      ])
    await #expect(try bashCompletions(["progress", "set", "2"]) == ["2"])
  }

  @Test func bashCompletesPathsForImportAndOutput() async throws {
    try "".write(toFile: home.path("books-2024.csv"), atomically: false, encoding: .utf8)
    await #expect(try bashCompletions(["import", "books-"]) == ["books-2024.csv"])
    await #expect(try bashCompletions(["export", "--output", "books-"]) == ["books-2024.csv"])
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
  func fishCompletesWithDescriptions() async throws {
    let path = try await script("fish")
    let binary = BookclubProcess.executable.path
    let result = try await home.bookclub.run(
      executable: URL(fileURLWithPath: "/usr/bin/fish"),
      [
        "-c",
        "source '\(path)'; complete -c '\(binary)' -f -a '(__bookclub_complete)'; "
          + "complete -C '\(binary) progress s'; complete -C '\(binary) show the\\ a'",
      ], extraEnvironment: ["BOOKCLUB_LIBRARY": library])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(result.stdout) \(result.stderr)")
    #expect(lines.first?.hasPrefix("set\tRecord where you are") == true)
    #expect(lines.contains("The Age of Innocence\tbook 2 · Edith Wharton"))
  }

  @Test func badShellsAreUsageErrors() async throws {
    let missing = try await home.bookclub.run(["--generate-completion-script"])
    #expect(missing.status == 64)
    #expect(
      missing.stderr.hasPrefix("Error: Missing value for '--generate-completion-script <shell>'"))
    let unknown = try await home.bookclub.run(["--generate-completion-script=tcsh"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("Please provide one of 'bash', 'zsh' or 'fish'."))
    let help = try await home.bookclub.run(["--help"])
    #expect(help.stdout.contains("--generate-completion-script <shell>"))
  }
}

/// Single-quoting for the test's own shell command lines.
enum ShellWord {
  static func quote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

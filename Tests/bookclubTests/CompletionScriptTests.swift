import Foundation
import Testing

/// `bookclub --generate-completion-script`, loaded into the real shells.
@Suite struct CompletionScriptTests {
  let home = TestHome()

  func script(_ shell: String) async throws -> String {
    let path = home.path("completion.\(shell)")
    let result = try await home.bookclub.run(["--generate-completion-script", shell])
    #expect(result.status == 0)
    try result.stdout.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// What bash offers after `words`, the last one being completed.
  func bashCompletions(_ words: [String]) async throws -> [String] {
    let path = try await script("bash")
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let command =
      "source '\(path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _bookclub; "
      + "printf '%s\\n' \"${COMPREPLY[@]}\""
    let result = try await home.bookclub.run(
      executable: URL(fileURLWithPath: "/bin/bash"), ["-c", command])
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesSubcommandsOptionsAndValues() async throws {
    await #expect(try bashCompletions(["bookclub", "pro"]) == ["progress"])
    await #expect(try bashCompletions(["bookclub", "progress", "s"]) == ["set", "show"])
    await #expect(
      try bashCompletions(["bookclub", "list", "--sort", ""]) == [
        "id", "title", "author", "updated",
      ])
    await #expect(try bashCompletions(["bookclub", "note", "list", "--j"]) == ["--json"])
    await #expect(try bashCompletions(["bookclub", "settings", "t"]) == ["toggle"])
    await #expect(
      try bashCompletions(["bookclub", "--generate-completion-script", ""]) == [
        "bash", "zsh", "fish",
      ])
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
  func fishLoadsAndCompletes() async throws {
    let path = try await script("fish")
    let result = try await home.bookclub.run(
      executable: URL(fileURLWithPath: "/usr/bin/fish"),
      [
        "-c",
        "source '\(path)'; complete -C 'bookclub progress s'; complete -C 'bookclub list --sort '",
      ])
    let words = result.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }
    #expect(words == ["set", "show", "author", "id", "title", "updated"])
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
  func zshLoads() async throws {
    let path = try await script("zsh")
    let result = try await home.bookclub.run(
      executable: URL(fileURLWithPath: "/usr/bin/zsh"),
      [
        "-c",
        "source '\(path)' && setopt ksharrays && COMP_WORDS=(bookclub list --sort '') && COMP_CWORD=3 && _bookclub && print -l \"${COMPREPLY[@]}\"",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n") == ["id", "title", "author", "updated"])
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

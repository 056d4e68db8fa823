import Foundation
import Testing

/// `bookclub __complete <words...>`: what the completion scripts ask, answered from the
/// command tree's declarations and from the library.
@Suite struct CompleteCommandTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  /// The candidate lines offered for `words` (the last being typed).
  func complete(_ words: [String]) async throws -> [String] {
    let result = try await home.bookclub.run(
      ["__complete"] + words, extraEnvironment: ["BOOKCLUB_LIBRARY": library])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map(String.init)
  }

  func words(_ words: [String]) async throws -> [String] {
    try await complete(words).map { String($0.split(separator: "\t")[0]) }
  }

  func fill() async throws {
    for (title, author) in [
      ("Emma", "Jane Austen"), ("Middlemarch", "George Eliot"), ("Emma", "Jane Austen"),
      ("\u{1B}]0;pwned\u{07}Evil", "Mallory"),
    ] {
      _ = try await home.bookclub.run(
        ["add", title, "-a", author, "--duplicate", "--library", library])
    }
  }

  @Test func booksComeFromTheLibraryByTitleOrId() async throws {
    try await fill()
    await #expect(try complete(["show", "midd"]) == ["Middlemarch\tbook 2 · George Eliot"])
    // Two books called Emma: a title would be ambiguous, so each is offered by id.
    await #expect(
      try complete(["progress", "set", "em"]) == [
        "1\tEmma · Jane Austen", "3\tEmma · Jane Austen",
      ])
    await #expect(try words(["tag", "2"]) == ["2"])
    // A title with control characters is offered by id, and shown made safe.
    await #expect(try complete(["show", "4"]) == ["4\t\\e]0;pwned\\x07Evil · Mallory"])
  }

  @Test func tagsEntriesTrashSettingsAndStatuses() async throws {
    try await fill()
    _ = try await home.bookclub.run(["tag", "2", "Victorian", "classics", "--library", library])
    await #expect(try complete(["list", "--tag", "v"]) == ["Victorian\t1 book"])
    await #expect(try words(["untag", "2", ""]) == ["classics", "Victorian"])
    let noted = try await home.bookclub.run(
      ["note", "add", "2", "Dorothea!", "--library", library])
    let shortID = noted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    await #expect(try complete(["note", "edit", ""]) == ["\(shortID)\tbook 2 · Dorothea!"])
    _ = try await home.bookclub.run(["remove", "2", "--force", "--library", library])
    await #expect(try complete(["restore", ""]) == ["1\tbook 2 · Middlemarch"])
    await #expect(try words(["settings", "set", "color", ""]) == ["auto", "always", "never"])
    await #expect(try words(["settings", "toggle", "s"]) == ["syncProgress"])
    await #expect(try words(["status", "1", "f"]) == ["finished"])
    await #expect(try words(["list", "--sort=ra"]) == ["--sort=rating"])
  }

  @Test func pathsAreLeftToTheShell() async throws {
    await #expect(try complete(["import", "bo"]) == [":files"])
    await #expect(try complete(["export", "-o", ""]) == [":files"])
    await #expect(try complete(["list", "--library", ""]) == [":files"])
  }

  @Test func optionsOfTheCommandReached() async throws {
    let options = try await words(["list", "--"])
    #expect(options.contains("--rating-at-least"))
    #expect(options.contains("--help"))
    #expect(!options.contains("--force"))
    await #expect(try words(["--"]).contains("--generate-completion-script"))
  }

  @Test func isHiddenAndCreatesNothing() async throws {
    await #expect(try words(["show", ""]) == [])
    #expect(!FileManager.default.fileExists(atPath: library))
    let help = try await home.bookclub.run(["--help"])
    #expect(!help.stdout.contains("__complete"))
    await #expect(try !words([""]).contains("__complete"))
  }

  @Test func aLibraryThatCannotBeReadOffersNothingQuietly() async throws {
    try "not a library".write(toFile: library, atomically: false, encoding: .utf8)
    await #expect(try complete(["show", ""]) == [])
    #expect(try String(contentsOfFile: library, encoding: .utf8) == "not a library")
  }
}

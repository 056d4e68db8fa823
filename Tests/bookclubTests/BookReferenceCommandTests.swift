import Foundation
import Testing

/// A `<book>` is found by the rule `list --search` uses (words in the title, an author or a
/// tag; `&` and `and` alike), and several matches are listed in columns with a command to
/// copy.
@Suite struct BookReferenceCommandTests {
  let library = FirstWeekLibrary()

  @Test func aBookIsFoundByItsAuthorAndByAmpersandOrAnd() async throws {
    try await library.run(["add", "Emma", "--author", "Jane Austen"])
    try await library.run(["add", "Crime and Punishment", "--author", "Fyodor Dostoevsky"])
    try await library.run(["add", "Pride & Prejudice", "--author", "Jane Austen"])
    let emma = try await library.run(["show", "emma austen"])
    #expect(emma.stdout.hasPrefix("Emma\nby Jane Austen\n"))
    let crime = try await library.run(["show", "crime & punishment"])
    #expect(crime.stdout.hasPrefix("Crime and Punishment\n"))
    let pride = try await library.run(["rate", "pride and prejudice", "5"])
    #expect(pride.stdout.contains("Pride & Prejudice"))
    let listed = try await library.run(["list", "--search", "crime & punishment"])
    #expect(listed.stdout.contains("Crime and Punishment"))
    // Austen wrote two: both are listed, as `list --search austen` lists them.
    let austen = try await library.run(["show", "austen"], status: 1)
    #expect(austen.stderr.contains("  1  Emma — Jane Austen\n  3  Pride & Prejudice"))
  }

  @Test func severalMatchesAreListedInColumnsWithACommandToCopy() async throws {
    for number in 1...19 {
      let title = [8: "The Hobbit", 19: "The Road"][number] ?? "Book \(number)"
      try await library.run(["add", title, "--author", "Author \(number)"])
    }
    let rated = try await library.run(["rate", "the", "4"], status: 1)
    #expect(
      rated.stderr
        == """
        Error: 'the' matches several books:
           8  The Hobbit — Author 8
          19  The Road — Author 19
        Use the id instead, for example: bookclub rate 8 4

        """)
    let shown = try await library.run(["show", "--library", library.path, "the"], status: 1)
    #expect(
      shown.stderr.hasSuffix(
        "for example: bookclub show --library \(library.path) 8\n"))
  }
}

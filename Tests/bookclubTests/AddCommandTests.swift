import Foundation
import Testing

@Suite struct AddCommandTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  @Test func addPrintsTheNewID() async throws {
    let first = try await home.bookclub.run(
      [
        "add", "Middlemarch", "--author", "George Eliot", "--pages", "880", "--isbn",
        "978-0-14-143954-9", "--status", "reading", "--library", library,
      ])
    #expect(first.status == 0)
    #expect(first.stdout == "1\n")
    #expect(first.stderr.contains("Middlemarch"))
    let second = try await home.bookclub.run(
      [
        "add", "The Communist Manifesto", "-a", "Karl Marx", "-a", "Friedrich Engels", "--json",
        "--library", library,
      ])
    #expect(second.stdout.hasPrefix("{\"added\":"))
    #expect(
      second.stdout.contains(
        "\"authors\":[\"Karl Marx\",\"Friedrich Engels\"],\"format\":null,\"id\":2"))
    let listed = try await home.bookclub.run(["list", "--json", "--library", library])
    #expect(
      listed.stdout.contains(
        "\"isbn10\":\"0141439548\",\"isbn13\":\"9780141439549\",\"length\":null,"
          + "\"pageCount\":880"))
    #expect(listed.stdout.contains("\"status\":\"reading\""))
  }

  @Test(arguments: [
    ["add", "Emma", "--author", "Jane Austen", "--isbn", "9780141439588"],
    ["add", "Emma", "--author", "Jane Austen", "--pages", "-3"],
    ["add", "Emma", "--author", "Jane Austen", "--status", "done"],
    ["add", "  ", "--author", "Jane Austen"],
    ["add", "Emma", "--author", " "],
  ])
  func badInputChangesNothing(_ arguments: [String]) async throws {
    let result = try await home.bookclub.run(arguments + ["--library", library])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("Error: "))
    #expect(!FileManager.default.fileExists(atPath: library))
  }
}

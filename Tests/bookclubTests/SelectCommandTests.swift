import Foundation
import TestSupport
import Testing

/// `bookclub select` and commands that fall back on the selection.
@Suite struct SelectCommandTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  @discardableResult
  func run(_ arguments: [String], scene: String = "a") async throws -> BookclubProcess.Result {
    try await home.bookclub.run(
      arguments, extraEnvironment: ["BOOKCLUB_LIBRARY": library, "BOOKCLUB_SCENE": scene])
  }

  func addBooks() async throws {
    try await run(["add", "Middlemarch", "--author", "George Eliot", "--pages", "880"])
    try await run(["add", "Moby-Dick", "--author", "Herman Melville", "--pages", "720"])
  }

  @Test func twoScenesKeepTwoSelections() async throws {
    try await addBooks()
    #expect(try await run(["select", "middlemarch"], scene: "a").stdout == "1  Middlemarch\n")
    #expect(try await run(["select", "moby"], scene: "b").stdout == "2  Moby-Dick\n")
    #expect(try await run(["select"], scene: "a").stdout == "1  Middlemarch\n")
    #expect(try await run(["select"], scene: "b").stdout == "2  Moby-Dick\n")
    let a = try await run(["progress", "set", "88"], scene: "a")
    #expect(a.status == 0, "\(a.stderr)")
    #expect(a.stdout.hasPrefix("Middlemarch · page 88 of 880"))
    #expect(a.stderr.contains("Using the selected book: Middlemarch (1)"))
    let b = try await run(["progress", "set", "72"], scene: "b")
    #expect(b.stdout.hasPrefix("Moby-Dick · page 72 of 720"))
    #expect(try await run(["show"], scene: "b").stdout.hasPrefix("Moby-Dick"))
    #expect(try await run(["note", "add", "Call me Ishmael."], scene: "b").status == 0)
    #expect(
      try await run(["note", "list", "--json"], scene: "b").stdout.contains("Call me Ishmael."))
    #expect(
      try await run(["status", "abandoned", "--force"], scene: "a").stdout.contains("Middlemarch"))
    // A given <book> still wins over the selection.
    #expect(
      try await run(["progress", "set", "moby", "144"], scene: "a").stdout.hasPrefix("Moby-Dick"))
  }

  @Test func withoutSelectionABookIsRequired() async throws {
    try await addBooks()
    let result = try await run(["progress", "set", "88"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: Missing expected argument '<book>'"))
    #expect(result.stderr.contains("bookclub select"))
    let none = try await run(["select"])
    #expect(none.status == 0)
    #expect(none.stderr.contains("No book is selected"))
  }

  @Test func clearForgetsTheSelection() async throws {
    try await addBooks()
    try await run(["select", "1"])
    #expect(try await run(["select", "--clear"]).status == 0)
    #expect(try await run(["show"]).status == 64)
    #expect(try await run(["select", "1", "--clear"]).status == 64)
  }

  @Test(.requires(.sqlite3))
  func aSelectedBookThatIsGoneIsClearedWithAClearError() async throws {
    try await addBooks()
    try await run(["select", "moby"])
    let process = Process()
    process.executableURL = URL(fileURLWithPath: RequiredTool.sqlite3.path ?? "/usr/bin/sqlite3")
    process.arguments = [library, "DELETE FROM books WHERE id = 2;"]
    try #require(try await BookclubProcess.waitForExit(of: process) == 0)
    let result = try await run(["show"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("The selected book (2) is no longer in the library"))
    #expect(try await run(["select"]).stderr.contains("No book is selected"))
  }

  @Test func aSelectionFromAnotherLibraryIsNotUsed() async throws {
    try await addBooks()
    try await run(["select", "1"])
    let other = home.path("other.sqlite")
    try await run(["add", "Emma", "--author", "Jane Austen", "--library", other])
    let result = try await run(["show", "--library", other])
    #expect(result.status == 1)
    #expect(result.stderr.contains("The selected book is in another library"))
  }
}

import Foundation
import ReadingModel
import TestSupport
import Testing

/// One status vocabulary on screen (issue 26), through the real binary: `list`, `show` and
/// the browser (tmux) say a status with the same words, and the browser's tabs stay whole
/// words of them however narrow the terminal.
@Suite(.requires(.tmux))
struct StatusVocabularyEndToEndTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  /// Runs bookclub on the test's library; it must succeed.
  @discardableResult
  func bookclub(_ arguments: String...) async throws -> String {
    let result = try await home.bookclub.run(
      arguments + ["--library", library], extraEnvironment: ["COLUMNS": "100"])
    try #require(result.status == 0, "\(arguments): \(result.stderr)")
    return result.stdout
  }

  /// A book of each status, in the order of ``ReadingStatus/allCases``.
  static let books = [
    ("Middlemarch", ReadingStatus.wantToRead), ("Dune", .reading), ("Emma", .finished),
    ("Essays", .abandoned), ("Diaries", .paused),
  ]

  @Test func listShowAndTheBrowserSayTheSameWords() async throws {
    for (title, status) in Self.books {
      try await bookclub("add", title, "--author", "Someone", "--status", status.rawValue)
    }
    let listed = try await bookclub("list")
    for (title, status) in Self.books {
      let row = try #require(listed.split(separator: "\n").first { $0.contains(title) })
      #expect(row.contains("  \(status.displayName)  "), "\(row)")
      let shown = try await bookclub("show", title)
      #expect(shown.contains("\nStatus    \(status.displayName)"), "\(shown)")
    }
    let tmux = try await TmuxSession(
      command: [BookclubProcess.executable.path, "browse", "--library", library],
      width: 100, height: 24, home: home, extraEnvironment: [:])
    let wide = try await tmux.waitFor("Middlemarch")
    for (title, status) in Self.books {
      let row = try #require(wide.split(separator: "\n").first { $0.contains(title) })
      #expect(row.hasPrefix(" \(status.displayName) "), "\(row)")
    }
    let tabs = wide.split(separator: "\n").first ?? ""
    #expect(
      tabs.contains(" 2 Reading  3 Want to read  4 Finished  5 Abandoned  6 Paused "), "\(tabs)")
    try await tmux.resize(width: 62, height: 24)
    try await tmux.waitUntil(waitingFor: "the short tabs, closer together") {
      $0.hasPrefix("1 All 2 Reading 3 Want 4 Finished 5 Abandoned 6 Paused 7 Next")
    }
    try await tmux.resize(width: 50, height: 24)
    try await tmux.waitUntil(waitingFor: "the short tabs without digits") {
      $0.hasPrefix("All Reading Want Finished Abandoned Paused Next")
    }
    try await tmux.resize(width: 44, height: 24)
    let narrow = try await tmux.waitUntil(waitingFor: "the statuses' words without digits") {
      $0.hasPrefix("All Reading Want Finished Abandoned Paused")
    }
    let row = try #require(narrow.split(separator: "\n").first { $0.contains("Middlemarch") })
    #expect(row.hasPrefix(" \(ReadingStatus.wantToRead.shortName) "), "\(row)")
    try await tmux.press("q")
    #expect(try await tmux.waitFor("EXITED:").contains("EXITED:0"))
  }
}

import Foundation
import TestSupport
import Testing

@testable import bookclub

/// The browser on an empty library says what `list` says (issue 26): `import` first, for a
/// reader leaving Goodreads, then `add` and `demo`; a note that does not fit is left out,
/// never the command to copy.
@Suite struct BrowserEmptyLibraryTests {
  func lines(width: Int, height: Int) -> [String] {
    BrowserScreen(list: .success([])).grid(BrowserLayout(width: width, height: height)).lines
  }

  @Test func theHintIsListsHintLineByLine() {
    let shown = lines(width: 120, height: 24)
    // The pane's rows, from its first, at column 1: wide enough for every note.
    for (offset, expected) in EmptyLibraryHint.lines.enumerated() {
      #expect(shown[2 + offset].hasPrefix(" " + expected), "\(shown[2 + offset])")
    }
  }

  @Test func at80ColumnsANoteThatWouldBeCutIsLeftOut() {
    let rows = lines(width: 80, height: 24)
    let shown = rows.joined(separator: "\n")
    #expect(
      rows[3]
        == "   bookclub import goodreads_library_export.csv".padding(
          toLength: 80, withPad: " ", startingAt: 0), "\(shown)")
    #expect(!shown.contains("(Goodreads or"), "\(shown)")
    #expect(shown.contains("  bookclub demo        (see bookclub with a sample library)"))
    #expect(!shown.contains("…"), "\(shown)")
  }

  @Test func atTheNarrowestACommandGoesOnBetweenWords() {
    let shown = lines(width: BrowserLayout.minimumWidth, height: 12)
    let pane = shown[2..<11].map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      Array(pane.prefix(6)) == [
        "Your library is empty. To get started:", "bookclub import",
        "goodreads_library_export.csv", "bookclub add \"Middlemarch\" --author",
        "\"George Eliot\" --pages 880", "bookclub demo",
      ], "\(shown.joined(separator: "\n"))")
    #expect(!shown.joined().contains("…"))
  }

  @Test(.requires(.tmux)) func browseOnAnEmptyLibrarySuggestsImport() async throws {
    let home = TestHome()
    let tmux = try await TmuxSession(
      command: [
        BookclubProcess.executable.path, "browse", "--library", home.path("library.sqlite"),
      ],
      width: 80, height: 24, home: home)
    let screen = try await tmux.waitFor("Your library is empty.")
    #expect(screen.contains("Your library is empty. To get started:"), "\(screen)")
    #expect(screen.contains("  bookclub import goodreads_library_export.csv"), "\(screen)")
    #expect(screen.contains("  bookclub demo"), "\(screen)")
    try await tmux.press("q")
    #expect(try await tmux.waitFor("EXITED:").contains("EXITED:0"))
  }
}

import Foundation
import ReadingModel
import TestSupport
import Testing

/// `bookclub browse` in a real terminal (tmux): a whole session over a 500-book library at
/// 80×24 and at 42×12, then the library and the terminal are checked.
@Suite(.requires(.tmux))
struct BrowseEndToEndTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  func fill() async throws {
    var books = try (1...499).map { index in
      try NewBook(
        title: "Book \(index)", authors: ["Author \(index % 7)"], pageCount: 100 + index,
        status: ReadingStatus.allCases[index % 4])
    }
    books.insert(
      try NewBook(title: "Middlemarch", authors: ["George Eliot"], pageCount: 880), at: 250)
    try await SQLiteLibrary(path: library).bulkAdd(books)
  }

  func start(width: Int, height: Int, environment: [String: String] = [:]) async throws
    -> TmuxSession
  {
    try await TmuxSession(
      command: [BookclubProcess.executable.path, "browse", "--library", library],
      width: width, height: height, home: home, extraEnvironment: environment)
  }

  /// Waits until the library holds what the browser wrote for `book` (Middlemarch unless
  /// told): a write that lasts, where the notice saying it lasts 3 s.
  func waitForLibrary(
    _ description: String, book: Int64 = 251, _ condition: (ReadingProgress) -> Bool
  ) async throws {
    let library = SQLiteLibrary(path: self.library)
    try await Wait.until(description, interval: .milliseconds(50)) {
      condition(try await library.progress(of: book))
    }
  }

  @Test(arguments: [(80, 24), (42, 12)])
  func aWholeSession(width: Int, height: Int) async throws {
    try await fill()
    let tmux = try await start(width: width, height: height)
    try await tmux.waitFor(" of 500")
    #expect(try await tmux.isOnAlternateScreen())

    // Page to the end: each End loads the next page as the cursor nears it.
    try await tmux.hold("End", until: "–500 of 500")
    #expect(try await tmux.screen().contains("Book 499"))

    // Search as you type, then Esc clears it and the whole library is back.
    try await tmux.press("/")
    try await tmux.type("middle")
    try await tmux.waitFor("1–1 of 1")
    #expect(try await tmux.screen().contains("Middlemarch"))
    try await tmux.press("Escape")
    try await tmux.press("Escape")
    try await tmux.waitFor(" of 500")

    // Refresh picks up a book added from elsewhere, keeping the rows meanwhile.
    let added = try await home.bookclub.run(
      ["add", "Refreshed Arrival", "--author", "Someone", "--library", library])
    #expect(added.status == 0, "\(added.stderr)")
    try await tmux.press("r")
    try await tmux.waitFor(" of 501")

    // Progress and a note on Middlemarch, from its detail pane.
    try await tmux.press("/")
    try await tmux.type("middlemarch")
    try await tmux.waitFor("1–1 of 1")
    try await tmux.press("Enter")  // ends the search
    try await tmux.press("Enter")  // opens the book
    try await tmux.waitFor("by George Eliot")
    try await tmux.answer("p", "440")
    // Written, then shown in the pane (the notice that says so lasts 3 s: a busy machine
    // may look only after it).
    try await waitForLibrary("the progress to be written") { !$0.entries.isEmpty }
    try await tmux.waitFor("page 440 of")
    try await tmux.answer("n", "Dorothea, from tmux")
    try await waitForLibrary("the note to be written") { !$0.notes.isEmpty }

    // A resize reflows the screen.
    let (otherWidth, otherHeight) = width == 80 ? (42, 12) : (100, 30)
    try await tmux.resize(width: otherWidth, height: otherHeight)
    try await tmux.waitUntil(waitingFor: "the reflowed tabs") { screen in
      let first = screen.split(separator: "\n").first.map(String.init) ?? ""
      // At 42 columns the tabs are their words alone (README, "The browser").
      return otherWidth < 64 ? first.hasPrefix("All Reading") : first.hasPrefix("bookclub  1 All")
    }

    try await tmux.press("q")
    let after = try await tmux.waitFor("EXITED:0")
    #expect(after.contains(TmuxSession.before))
    #expect(!after.contains("1 All"))
    #expect(try await !tmux.isOnAlternateScreen())

    let written = try await SQLiteLibrary(path: library).progress(of: 251)
    #expect(written.entries.map(\.progress) == [0.5, 0.5])
    #expect(written.notes.map(\.note) == ["Dorothea, from tmux"])
  }

  @Test func ctrlCSigtermAndSigintRestoreTheTerminal() async throws {
    try await fill()
    let tmux = try await start(width: 80, height: 24)
    try await tmux.waitFor(" of 500")
    try await tmux.press("C-c")
    try await tmux.waitFor("EXITED:0")
    #expect(try await !tmux.isOnAlternateScreen())

    for (signal, status) in [("TERM", 143), ("INT", 130)] {
      let session = try await start(width: 80, height: 24)
      try await session.waitFor(" of 500")
      let kill = Process()
      kill.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      kill.arguments = ["pkill", "-\(signal)", "-f", "browse --library \(library)"]
      _ = try await BookclubProcess.waitForExit(of: kill)
      let after = try await session.waitFor("EXITED:\(status)")
      #expect(after.contains(TmuxSession.before))
      #expect(try await !session.isOnAlternateScreen())
    }
  }

  @Test func theEditorGetsTheTerminalAndItsNoteIsWritten() async throws {
    try await fill()
    // An "editor" that adds to the draft and exits, as a person would after typing.
    let tmux = try await start(
      width: 80, height: 24, environment: ["EDITOR": "printf '\\nFrom the editor\\n' >>"])
    try await tmux.waitFor(" of 500")
    try await tmux.press("e")
    try await waitForLibrary("the editor's note to be written", book: 1) { !$0.notes.isEmpty }
    try await tmux.waitFor("Book 20")
    #expect(try await tmux.isOnAlternateScreen())
    let redrawn = try await tmux.screen()  // drawn whole again
    #expect(redrawn.contains("TITLE") && redrawn.contains("Book 20"))
    try await tmux.press("q")
    try await tmux.waitFor("EXITED:0")
    let notes = try await SQLiteLibrary(path: library).progress(of: 1).notes
    #expect(notes.map(\.note) == ["From the editor"])
  }

  @Test func noColorDrawsAttributesButNoColours() async throws {
    try await fill()
    func colours(_ screen: String) -> Int {
      var found = 0
      for sequence in screen.split(separator: "\u{1B}[").dropFirst() {
        guard let end = sequence.firstIndex(of: "m") else { continue }
        let codes = sequence[..<end].split(separator: ";").compactMap { Int($0) }
        found += codes.filter { (30...38).contains($0) || (90...97).contains($0) }.count
      }
      return found
    }
    let coloured = try await start(width: 80, height: 24)
    try await coloured.waitFor(" of 500")
    #expect(try await colours(coloured.screen(styles: true)) > 0)
    let plain = try await start(width: 80, height: 24, environment: ["NO_COLOR": "1"])
    try await plain.waitFor(" of 500")
    let screen = try await plain.screen(styles: true)
    #expect(colours(screen) == 0)
    #expect(screen.contains("\u{1B}[7m"))  // the cursor row, in reverse video
    for session in [coloured, plain] {  // a browser left running would outlive the test
      try await session.press("q")
      try await session.waitFor("EXITED:0")
    }
  }

  @Test func aDumbTerminalOrAPipeIsRefusedWithWhatToUseInstead() async throws {
    let piped = try await home.bookclub.run(["browse"])
    #expect(piped.status == 1)
    #expect(piped.stderr.contains("bookclub list"))
    let session = try TerminalSession(
      ["browse"], environment: home.bookclub.environment.merging(["TERM": "dumb"]) { $1 })
    try await session.waitFor("TERM")
    let (status, screen) = try await session.finish()
    #expect(status == 1)
    #expect(screen.contains("Use 'bookclub list'"))
  }
}

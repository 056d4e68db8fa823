import Foundation
import Synchronization
import TestSupport
import Testing

/// Completion as a reader leaving Goodreads met it: `untag` offers the book's own tags, a
/// title completed inside a quote is typed in, not escaped, `help` completes, and zsh has a
/// native function with descriptions.
@Suite struct CompletionFirstWeekTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  init() async throws {
    for (title, author) in [
      ("The Great Gatsby", "F. Scott Fitzgerald"), ("Ender's Game", "Orson Scott Card"),
    ] {
      _ = try await home.bookclub.run(["add", title, "-a", author, "--library", library])
    }
    _ = try await home.bookclub.run(["tag", "1", "classics", "american", "--library", library])
    _ = try await home.bookclub.run(["tag", "2", "sf", "--library", library])
  }

  func script(_ shell: String) async throws -> String {
    let path = home.path("completion.\(shell)")
    let result = try await home.bookclub.run(["--generate-completion-script", shell])
    try result.stdout.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// What bash's completion function puts in COMPREPLY after `words` (the last is completed).
  func bashReplies(_ words: [String]) async throws -> [String] {
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

  @Test func untagOffersTheTagsOfTheBookNamed() async throws {
    await #expect(try bashReplies(["untag", "1", ""]) == ["american", "classics"])
    await #expect(try bashReplies(["untag", "ender\\'s", ""]) == ["sf"])
    // tag offers every tag in use.
    await #expect(Set(try bashReplies(["tag", "2", ""])) == ["classics", "american", "sf"])
  }

  @Test func aTitleInsideAnOpenQuoteIsTypedInNotEscaped() async throws {
    await #expect(try bashReplies(["show", "\"the g"]) == ["The Great Gatsby"])
    await #expect(try bashReplies(["show", "'ender"]) == ["Ender'\\''s Game"])
    await #expect(try bashReplies(["show", "the\\ g"]) == ["The\\ Great\\ Gatsby"])
  }

  @Test func helpIsCompletedAndCompletesCommands() async throws {
    await #expect(try bashReplies(["he"]) == ["help"])
    await #expect(try bashReplies(["help", "progress", "s"]) == ["set", "show"])
    await #expect(try bashReplies(["help", "un"]) == ["untag", "undo"])
  }

  /// Readline itself, in an interactive bash at a terminal: TAB inside a quote, then Enter.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func anInteractiveBashRunsTheTitleItCompletedInAQuote() async throws {
    let path = try await script("bash")
    let bin = home.url.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: bin.appendingPathComponent("bookclub"), withDestinationURL: BookclubProcess.executable)
    let shell = try InteractiveBash(
      environment: home.bookclub.environment.merging([
        "BOOKCLUB_LIBRARY": library,
        "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
      ]) { $1 })
    shell.type("source '\(path)'\nbookclub show \"the g\t\n")
    let shown = try await shell.waitFor("\nby F. Scott Fitzgerald")
    #expect(shown.contains("\nby F. Scott Fitzgerald"), "\(shown)")
    #expect(!shown.contains("No book matches"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
  func zshHasANativeFunctionWithDescriptions() async throws {
    let path = try await script("zsh")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("#compdef bookclub\n") && !text.contains("bashcompinit"))
    // zsh's own _describe and compadd stand in, printing what they are given.
    let binary = BookclubProcess.executable.path
    let command = """
      compdef() { :; }; source '\(path)'
      _describe() { print -rl -- "describe ${(@P)${@[-1]}}"; }
      compadd() { print -rl -- "add ${(@P)${@[-1]}}"; }
      words=('\(binary)' progress s); CURRENT=3; _bookclub
      words=('\(binary)' untag 1 ''); CURRENT=4; _bookclub
      """
    let result = try await home.bookclub.run(
      executable: URL(fileURLWithPath: "/usr/bin/zsh"), ["-f", "-c", command],
      extraEnvironment: ["BOOKCLUB_LIBRARY": library])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "describe set:Record where you are in a book.", "\(result.stdout)")
    #expect(lines.contains("classics:on book 1") || lines.contains("describe classics:on book 1"))
  }
}

/// An interactive bash at a pseudo-terminal (through `script`), typed into.
final class InteractiveBash {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let shown = Shown()

  private final class Shown: Sendable {
    let data = Mutex(Data())
  }

  init(environment: [String: String]) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", "bash --norc --noprofile -i", "/dev/null"]
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    let shown = self.shown
    output.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      shown.data.withLock { $0.append(data) }
    }
    try process.run()
  }

  deinit {
    output.fileHandleForReading.readabilityHandler = nil
    if process.isRunning { process.terminate() }
  }

  func type(_ keys: String) { input.fileHandleForWriting.write(Data(keys.utf8)) }

  /// Waits until the terminal shows `text`, for a minute at most (a hang guard), then
  /// leaves the shell.
  ///
  /// - Returns: What the terminal showed.
  func waitFor(_ text: String) async throws -> String {
    var screen = ""
    do {
      try await Wait.until(
        "the terminal to show \(text)", limit: .seconds(30), interval: .milliseconds(20)
      ) {
        screen = String(decoding: self.shown.data.withLock { $0 }, as: UTF8.self)
        return screen.contains(text)
      }
    } catch is Wait.GaveUp {}
    type("exit\n")
    // The end of input ends `script` and its shell also where a quote was left open.
    try? input.fileHandleForWriting.close()
    try await Wait.until("the shell to end", interval: .milliseconds(20)) {
      !self.process.isRunning
    }
    return screen
  }
}

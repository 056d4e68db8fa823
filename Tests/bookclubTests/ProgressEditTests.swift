import Foundation
import Testing

/// `bookclub progress edit`, with scripts as the editor, at a pseudo-terminal.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct ProgressEditTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  func editor(_ name: String, _ body: String) throws -> String {
    let path = home.path(name)
    try ("#!/bin/sh\n" + body).write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    // Read by sh, not run as a program: see SignalAndLimitTests.
    return "/bin/sh \(path)"
  }

  /// Runs `progress edit 1` at a pseudo-terminal with `EDITOR` set.
  func edit(with editor: String) async throws -> BookclubProcess.Result {
    var shell = BookclubProcess(home: home.url)
    shell.environment["EDITOR"] = editor
    shell.environment["BOOKCLUB_LIBRARY"] = library
    let command = "\(BookclubProcess.executable.path) progress edit 1"
    return try await shell.run(
      executable: URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"])
  }

  func entries() async throws -> String {
    try await home.bookclub.run(
      ["progress", "show", "1", "--json"], extraEnvironment: ["BOOKCLUB_LIBRARY": library]
    ).stdout
  }

  func addBook() async throws {
    try await home.bookclub.run(
      ["add", "Middlemarch", "--author", "George Eliot", "--pages", "880", "--library", library])
    try await home.bookclub.run(["progress", "set", "1", "100", "--library", library])
  }

  @Test func recordsWhatTheEditorWrote() async throws {
    try await addBook()
    let script = try editor(
      "rewrite.sh",
      """
      cp "$1" "\(home.path("seen.txt"))"
      printf '450\\n\\nDorothea and Casaubon in Rome.\\nSad.\\n# a comment\\n' > "$1"
      """)
    let result = try await edit(with: script)
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("Middlemarch · page 450 of 880"))
    let seen = try String(contentsOfFile: home.path("seen.txt"), encoding: .utf8)
    #expect(seen.hasPrefix("100\n\n"))
    let history = try await entries()
    #expect(history.contains(#""note":"Dorothea and Casaubon in Rome.\nSad.","page":450"#))
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path("tmp")).isEmpty)
  }

  @Test func garbageRecordsNothingAndKeepsTheDraft() async throws {
    try await addBook()
    let before = try await entries()
    let script = try editor("garbage.sh", "printf 'about half\\n\\nmy precious note\\n' > \"$1\"\n")
    let result = try await edit(with: script)
    #expect(result.status == 1)
    await #expect(try entries() == before)
    let drafts = try FileManager.default.contentsOfDirectory(atPath: home.path("tmp"))
    #expect(drafts.count == 1)
    let draftPath = home.path("tmp/" + drafts[0])
    #expect(result.stdout.contains("Your draft is kept at \(draftPath)"))
    #expect(try String(contentsOfFile: draftPath, encoding: .utf8).contains("my precious note"))
  }

  @Test func unchangedOrEmptyDraftsRecordNothing() async throws {
    try await addBook()
    let before = try await entries()
    let unchanged = try await edit(with: "true")
    #expect(unchanged.status == 0)
    #expect(unchanged.stdout.contains("Nothing recorded: the draft was unchanged."))
    let empty = try await edit(with: try editor("empty.sh", ": > \"$1\"\n"))
    #expect(empty.stdout.contains("Nothing recorded: the draft was empty."))
    let failing = try await edit(with: "false")
    #expect(failing.status == 1)
    #expect(failing.stdout.contains("exited with status 1"))
    await #expect(try entries() == before)
  }

  /// The editor is started with every signal at its default and none blocked, though
  /// bookclub ignores SIGPIPE, and Ctrl-C while it waits: Ctrl-C is the editor's.
  @Test func theEditorGetsCtrlCAndItsEndIsTold() async throws {
    try await addBook()
    let seen = home.path("signals.txt")
    // grep reads its own masks, inherited through the shells: a shell's own masks change for
    // a moment each time it forks.
    let script = try editor(
      "signals.sh", "grep -E '^Sig(Ign|Blk)' /proc/self/status > \"\(seen)\"\n")
    let result = try await edit(with: script)
    #expect(result.stdout.contains("Nothing recorded: the draft was unchanged."))
    let masks = try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n")
      .map { UInt64($0.split(separator: "\t").last ?? "", radix: 16) ?? .max }
    #expect(masks.count == 2)
    // SIGINT (2) and SIGPIPE (13), which bookclub ignores.
    let signals: UInt64 = 1 << (2 - 1) | 1 << (13 - 1)
    #expect(masks.allSatisfy { $0 & signals == 0 }, "ignored or blocked: \(masks)")
    // `$EDITOR` runs through the shell: this one ends that shell with SIGTERM.
    let killed = try await edit(with: "kill -TERM $$;")
    #expect(killed.status == 1)
    #expect(killed.stdout.contains("was stopped by signal 15"))
  }

  @Test func refusesWithoutATerminal() async throws {
    try await addBook()
    let result = try await home.bookclub.run(
      ["progress", "edit", "1", "--library", library], extraEnvironment: ["EDITOR": "true"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("bookclub progress set 1 <value> --note <text>"))
  }
}

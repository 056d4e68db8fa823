import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `bookclub hardcover login|status|logout` against a local stand-in for Hardcover's API
/// (issue 30): the token checked before it is kept, kept readable by its owner alone, never
/// printed and on no process's command line; a token file a stranger could read, or a link,
/// refused with why.
///
/// Serialized: the terminal test types the token with `tmux send-keys`, whose command line
/// would show it to the other test's watch.
@Suite(.requires(.python3), .serialized)
struct HardcoverLoginTests {
  let home = TestHome()
  let server: FixtureServer
  static let token = "hc-test-token-5f1e"

  init() async throws { server = try await FixtureServer() }

  func run(_ arguments: [String]) async throws -> BookclubProcess.Result {
    try await home.bookclub.run(
      arguments, extraEnvironment: ["BOOKCLUB_HARDCOVER_URL": server.url + "/v1/graphql"])
  }

  /// A file holding `text`, with `mode`.
  func file(_ name: String, _ text: String, mode: mode_t = 0o600) throws -> String {
    let path = home.path(name)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, mode)
    return path
  }

  var kept: String { home.path("config/bookclub/hardcover-token") }

  @Test func aTokenIsCheckedThenKeptForItsOwnerAloneAndNeverShown() async throws {
    let given = try file("token.txt", "Bearer \(Self.token)\n")
    // Every process's command line, looked at while login runs: the token is on none.
    let seen = Mutex(false)
    let looking = Mutex(true)
    let watcher = Thread {
      while looking.withLock({ $0 }) {
        if !ProcessTable.matching(Self.token).isEmpty { seen.withLock { $0 = true } }
        usleep(2_000)
      }
    }
    watcher.start()
    let login = try await run(["hardcover", "login", "--token-file", given])
    looking.withLock { $0 = false }
    #expect(login.status == 0, "\(login.stderr)")
    #expect(login.stdout == "Logged in to Hardcover as ann.\n")
    #expect(!seen.withLock { $0 }, "the token was on a command line")
    for output in [login.stdout, login.stderr] { #expect(!output.contains(Self.token)) }
    var info = stat()
    #expect(stat(kept, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == "Bearer \(Self.token)\n")
    let status = try await run(["hardcover", "status"])
    #expect(status.stdout == "Logged in to Hardcover as ann.\n", "\(status.stderr)")
    // A token file someone opened to others is refused, even the kept one.
    chmod(kept, 0o644)
    let opened = try await run(["hardcover", "status"])
    #expect(
      opened.status == 1 && opened.stderr.contains("can be read by others"), "\(opened.stderr)")
    let out = try await run(["hardcover", "logout"])
    #expect(out.stdout == "Forgot the Hardcover token.\n")
    #expect(!FileManager.default.fileExists(atPath: kept))
    let none = try await run(["hardcover", "status"])
    #expect(none.status == 1 && none.stderr.contains("bookclub hardcover login"))
  }

  @Test func aWrongTokenOrAnOpenFileOrALinkIsRefusedAndNothingKept() async throws {
    let wrong = try file("wrong.txt", "not-the-token")
    let refused = try await run(["hardcover", "login", "--token-file", wrong])
    #expect(refused.status == 1 && refused.stderr.contains("Hardcover refused the token"))
    #expect(!refused.stderr.contains("not-the-token"))
    let open = try file("open.txt", Self.token, mode: 0o644)
    let readable = try await run(["hardcover", "login", "--token-file", open])
    #expect(readable.status == 1, "\(readable.stderr)")
    #expect(
      readable.stderr.contains("can be read by others") && readable.stderr.contains("chmod 600"))
    let target = try file("real.txt", Self.token)
    let link = home.path("link.txt")
    #expect(symlink(target, link) == 0)
    let linked = try await run(["hardcover", "login", "--token-file", link])
    #expect(linked.status == 1 && linked.stderr.contains("is a symbolic link"), "\(linked.stderr)")
    let noTerminal = try await run(["hardcover", "login"])
    #expect(noTerminal.status == 64 && noTerminal.stderr.contains("--token-file"))
    #expect(!FileManager.default.fileExists(atPath: kept))
    let siblings =
      (try? FileManager.default.contentsOfDirectory(atPath: home.path("config/bookclub"))) ?? []
    #expect(!siblings.contains { $0.hasPrefix("hardcover-token") }, "\(siblings)")
  }

  @Test(.requires(.tmux)) func atATerminalTheTokenIsAskedAndNotShown() async throws {
    let session = try await TmuxSession(
      bookclub: ["hardcover", "login"], home: home, library: home.path("library.sqlite"),
      pidFile: home.path("login.pid"),
      environment: ["BOOKCLUB_HARDCOVER_URL": server.url + "/v1/graphql"])
    _ = try await session.waitFor("Hardcover API token (not shown):")
    try await session.type(Self.token)
    try await session.press("Enter")
    let after = try await session.waitFor("EXITED:")
    #expect(after.contains("Logged in to Hardcover as ann."), "\(after)")
    #expect(!after.contains(Self.token), "the token was shown: \(after)")
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == "Bearer \(Self.token)\n")
  }
}

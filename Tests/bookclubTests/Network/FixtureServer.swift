import Foundation
import TestSupport

@testable import bookclub

#if canImport(Glibc)
  import Glibc
#endif

/// `openlibrary_server.py` running for one test: started on a free port, stopped when the
/// test lets go of it (and by itself when the test process is gone).
///
/// Started with `posix_spawn`, not Foundation's `Process`: that watches each child through
/// a socket the child inherits, and waits for the child as soon as the socket closes, on
/// the one thread that notices every other child ending too. A server closing the
/// descriptors it inherited would stop every test that runs a program until it ended; a
/// server keeping them would keep others' children from being noticed.
final class FixtureServer {
  let port: Int
  private let pid: pid_t
  private let countFile: String

  /// Starts the server and waits (as a task, for up to a minute) until it says its port.
  init() async throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("openlibrary_server.py").path
    let base = FileManager.default.temporaryDirectory.path + "/bookclub-server-\(UUID())"
    countFile = base + ".requests"
    let portFile = base + ".port"
    defer { unlink(portFile) }
    let python = RequiredTool.python3.path ?? "/usr/bin/python3"
    pid = try Self.spawn([python, script, countFile], output: portFile)
    let said = try? await Wait.untilSome("the fixture server's port") {
      (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap {
        $0.hasSuffix("\n") ? Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) : nil
      }
    }
    guard let said else {
      Self.stop(pid)
      throw CocoaError(.fileReadUnknown)
    }
    port = said
  }

  var url: String { "http://127.0.0.1:\(port)" }

  /// How many requests the server has been sent so far.
  var requestCount: Int {
    (try? String(contentsOfFile: countFile, encoding: .utf8)).flatMap { Int($0) } ?? 0
  }

  deinit {
    Self.stop(pid)
    unlink(countFile)
  }

  /// Ends the server and reaps it. SIGKILL, as the server keeps nothing: a signal it
  /// could block or ignore would leave this waiting on a thread of the test pool.
  private static func stop(_ pid: pid_t) {
    kill(pid, SIGKILL)
    _ = ChildProcess.wait(for: pid)
  }

  /// Starts `arguments` with stdin and stderr the null device, stdout `output`, no other
  /// descriptor of this process, and every signal as a new process has it (the test
  /// process's threads block some).
  private static func spawn(_ arguments: [String], output: String) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    ChildProcess.startingWithDefaultSignals(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    Descriptors.closeOnExec()
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    return pid
  }
}

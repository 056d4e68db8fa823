import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process started with `posix_spawn`, with the part of Foundation's `Process`
/// interface the tests use; the test targets name it `Process` (a type alias of their own).
///
/// Not Foundation's `Process`: on Linux with Swift 6.3.1, its `run()` reads past the end of
/// a directory entry while it lists `/proc/self/fd` (swift-corelibs-foundation PR #5472),
/// and crashed the whole test run about one full run in five once hundreds of tests start
/// processes at once.
public final class SpawnedProcess: @unchecked Sendable {
  /// How the process ended.
  public enum TerminationReason: Sendable, Equatable {
    case exit
    case uncaughtSignal
  }

  private struct Ending {
    var pid: pid_t = 0
    var isRunning = false
    var status: Int32 = 0
    var reason = TerminationReason.exit
  }

  public var executableURL: URL?
  public var arguments: [String]?
  /// `nil`: the test process's own.
  public var environment: [String: String]?
  public var currentDirectoryURL: URL?
  /// A `FileHandle` or a `Pipe` (its reading end for input, its writing end for output);
  /// `nil` shares the test process's own.
  public var standardInput: Any?
  public var standardOutput: Any?
  public var standardError: Any?
  /// Called on a thread of its own once the process ended.
  public var terminationHandler: (@Sendable (SpawnedProcess) -> Void)?

  private let ending = Mutex(Ending())
  private let ended = DispatchSemaphore(value: 0)

  public init() {}

  public var processIdentifier: Int32 { ending.withLock { $0.pid } }
  public var isRunning: Bool { ending.withLock { $0.isRunning } }
  /// The exit status, or the signal that ended it.
  public var terminationStatus: Int32 { ending.withLock { $0.status } }
  public var terminationReason: TerminationReason { ending.withLock { $0.reason } }

  /// Starts the process.
  ///
  /// - Throws: `CocoaError(.fileNoSuchFile)` with the system's reason when it cannot start.
  public func run() throws {
    guard let executable = executableURL?.path else { throw CocoaError(.fileNoSuchFile) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (handle, target) in [(standardInput, 0), (standardOutput, 1), (standardError, 2)] {
      if let descriptor = Self.descriptor(of: handle, reading: target == 0) {
        posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(target))
      }
    }
    if let folder = currentDirectoryURL?.path {
      spawnFileActionsAddChdir(&actions, folder)
    }
    // The child closes every other descriptor of the test process before it runs the
    // program, as Foundation's child does: none left open (a script being written, say).
    spawnFileActionsAddCloseFrom(&actions, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The child starts with default signal handling and no signal blocked.
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let command = [executable] + (arguments ?? [])
    let argv = command.map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    let environment = self.environment ?? ProcessInfo.processInfo.environment
    let envp = environment.map { strdup("\($0.key)=\($0.value)") }
    defer { for pointer in envp { free(pointer) } }
    var pid: pid_t = 0
    let code = posix_spawn(&pid, command[0], &actions, &attributes, argv + [nil], envp + [nil])
    guard code == 0 else {
      throw CocoaError(
        .fileNoSuchFile,
        userInfo: [NSLocalizedDescriptionKey: "\(executable): \(String(cString: strerror(code)))"])
    }
    ending.withLock {
      $0.pid = pid
      $0.isRunning = true
    }
    Self.closeChildEnds(of: [standardInput, standardOutput, standardError])
    let started = pid
    let thread = Thread { [self] in waitForEnd(of: started) }
    thread.start()
  }

  /// Waits for the process to end (blocking the calling thread).
  public func waitUntilExit() {
    guard ending.withLock({ $0.pid != 0 }) else { return }
    ended.wait()
    ended.signal()
  }

  /// Sends SIGINT.
  public func interrupt() { signal(SIGINT) }

  /// Sends SIGTERM.
  public func terminate() { signal(SIGTERM) }

  private func signal(_ number: Int32) {
    let (pid, running) = ending.withLock { ($0.pid, $0.isRunning) }
    if pid != 0, running { kill(pid, number) }
  }

  private func waitForEnd(of pid: pid_t) {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signaled = status & 0x7F != 0 && status & 0x7F != 0x7F
    ending.withLock {
      $0.isRunning = false
      $0.reason = signaled ? .uncaughtSignal : .exit
      $0.status = signaled ? status & 0x7F : (status >> 8) & 0xFF
    }
    ended.signal()
    terminationHandler?(self)
  }

  private static func descriptor(of handle: Any?, reading: Bool) -> Int32? {
    switch handle {
    case let file as FileHandle: file.fileDescriptor
    case let pipe as Pipe:
      reading ? pipe.fileHandleForReading.fileDescriptor : pipe.fileHandleForWriting.fileDescriptor
    default: nil
    }
  }

  /// The parent's copies of the pipe ends the child uses, closed as Foundation closes them,
  /// so a reader sees the end of the output once the child exits.
  private static func closeChildEnds(of handles: [Any?]) {
    for (index, handle) in handles.enumerated() {
      guard let pipe = handle as? Pipe else { continue }
      try? (index == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting).close()
    }
  }
}

// glibc's (2.29 and 2.34) file actions that its header declares only under _GNU_SOURCE,
// which Swift's Glibc module does not see.
@_silgen_name("posix_spawn_file_actions_addchdir_np")
@discardableResult
private func spawnFileActionsAddChdir(
  _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: UnsafePointer<CChar>
) -> Int32

@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
@discardableResult
private func spawnFileActionsAddCloseFrom(
  _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32
) -> Int32

import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The processes running now, as `/proc` lists them: to find a program a test did not start
/// itself (bookclub's helper, bookclub inside tmux) and to see what it costs.
enum ProcessTable {
  /// The processes whose command line holds `text` (the test process itself excepted).
  static func matching(_ text: String) -> [pid_t] {
    matching(all: [text])
  }

  /// The processes whose command line holds every one of `texts`.
  static func matching(all texts: [String]) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { pid_t($0) }.filter { pid in
      guard pid != getpid(),
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
      else { return false }
      let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
      return texts.allSatisfy { line.contains($0) } && !isZombie(pid)
    }
  }

  /// Seconds of processor time `pid` has used so far (user and system); `nil` once it is gone.
  static func cpuSeconds(_ pid: pid_t) -> Double? {
    guard let fields = statFields(pid), fields.count > 12,
      let user = Double(fields[11]), let system = Double(fields[12])
    else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// Waits up to `seconds` for every process matching `text` to be gone, sleeping as a task
  /// between looks.
  ///
  /// - Returns: Those still running then.
  static func waitUntilGone(_ text: String, seconds: Double) async -> [pid_t] {
    var left: [pid_t] = []
    try? await Wait.until("processes of \(text) to end", limit: .seconds(seconds)) {
      left = matching(text)
      return left.isEmpty
    }
    return left
  }

  /// Waits up to `seconds` for one process matching `text` to appear.
  static func waitForOne(_ text: String, seconds: Double) async -> pid_t? {
    try? await Wait.untilSome("a process of \(text)", limit: .seconds(seconds)) {
      matching(text).first
    }
  }

  /// The fields of `/proc/<pid>/stat` after the command's name (the state first).
  private static func statFields(_ pid: pid_t) -> [String]? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    guard let close = text.lastIndex(of: ")") else { return nil }
    return text[text.index(after: close)...].split(separator: " ").map(String.init)
  }

  private static func isZombie(_ pid: pid_t) -> Bool {
    statFields(pid)?.first == "Z"
  }
}

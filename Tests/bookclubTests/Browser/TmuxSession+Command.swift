import Foundation
import TestSupport

extension TmuxSession {
  /// A terminal running `bookclub <arguments>` on `library`, its process id written to
  /// `pidFile` (for a test to send it signals, as Ctrl-C at the terminal would).
  ///
  /// - Parameters:
  ///   - arguments: The subcommand and its arguments, each quoted for the shell.
  convenience init(
    bookclub arguments: [String], home: TestHome, library: String, pidFile: String,
    width: Int = 100, height: Int = 24, environment: [String: String] = [:]
  ) async throws {
    let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    try await self.init(
      command: [
        "/bin/sh", "-c",
        "echo $$ > '\(pidFile)'; exec '\(BookclubProcess.executable.path)' "
          + quoted.joined(separator: " "),
      ], width: width, height: height, home: home,
      extraEnvironment: ["NO_COLOR": "1", "BOOKCLUB_LIBRARY": library].merging(environment) {
        $1
      })
  }

  /// The id of the process whose id `pidFile` holds.
  static func processID(in pidFile: String) throws -> Int32? {
    let text = try String(contentsOfFile: pidFile, encoding: .utf8)
    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

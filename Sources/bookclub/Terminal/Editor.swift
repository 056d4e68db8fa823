import Foundation

/// The person's editor: `$VISUAL`, else `$EDITOR`, else `vi`, run through the shell so that
/// values with arguments (`code --wait`) work, as git runs it.
struct Editor {
  let environment: [String: String]

  var command: String {
    for name in ["VISUAL", "EDITOR"] {
      if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty {
        return value
      }
    }
    return "vi"
  }

  /// Opens `path` and waits for the editor to exit. While it runs it has the terminal:
  /// Ctrl-C is the editor's, and bookclub waits for it rather than leave it orphaned.
  ///
  /// - Throws: ``EditError/editorFailed(_:keptAt:)`` when it cannot start, exits non-zero or
  ///   is killed.
  @MainActor
  func edit(_ path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "\(command) \"$1\"", command, path]
    process.environment = environment
    try InterruptHandler.ignoring {
      do {
        try process.run()
      } catch {
        throw EditError.editorFailed("Cannot start the editor '\(command)'", keptAt: path)
      }
      process.waitUntilExit()
    }
    guard process.terminationReason == .exit else {
      throw EditError.editorFailed(
        "The editor '\(command)' was stopped by signal \(process.terminationStatus)", keptAt: path)
    }
    guard process.terminationStatus == 0 else {
      throw EditError.editorFailed(
        "The editor '\(command)' exited with status \(process.terminationStatus)", keptAt: path)
    }
  }
}

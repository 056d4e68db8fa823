#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The person's editor: `$VISUAL`, else `$EDITOR`, else `vi`, run through the shell so that
/// values with arguments (`code --wait`) work, as git runs it.
struct Editor {
  let environment: [String: String]

  var command: String {
    for name in ["VISUAL", "EDITOR"] {
      if let value = environment[name], !value.trimmingWhitespace().isEmpty {
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
    let shell = ["/bin/sh", "-c", "\(command) \"$1\"", command, path]
    let termination = try InterruptHandler.ignoring {
      do {
        return try ChildProcess.run(shell, environment: environment)
      } catch {
        throw EditError.editorFailed("Cannot start the editor '\(command)'", keptAt: path)
      }
    }
    switch termination {
    case .exited(0): return
    case .exited(let status):
      throw EditError.editorFailed(
        "The editor '\(command)' exited with status \(status)", keptAt: path)
    case .signalled(let signal):
      throw EditError.editorFailed(
        "The editor '\(command)' was stopped by signal \(signal)", keptAt: path)
    }
  }
}

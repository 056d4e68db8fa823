import Foundation
import TestSupport

/// git as the club and sync tests run it: in the test's own folder (a `-C` path left empty
/// by a failed step must never reach the checkout the tests run in: git would commit
/// there), with an identity of its own (a machine where git was never configured), output
/// dropped.
enum TestGit {
  /// Runs git with `arguments` in `folder`.
  ///
  /// - Returns: Its exit status.
  static func run(_ arguments: [String], in folder: URL) async throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: RequiredTool.git.path ?? "/usr/bin/git")
    process.arguments = ["-c", "user.name=Test", "-c", "user.email=test@localhost"] + arguments
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    return try await BookclubProcess.waitForExit(of: process)
  }
}

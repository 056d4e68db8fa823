import Foundation
import Testing

/// A program some tests run that a machine may lack. Outside CI a test that needs a missing
/// one is skipped, saying which; under CI (the environment variable `CI` set, as `.ci/run`
/// sets it) it fails, saying which, since `.ci/run` installs every one of them and a skip
/// there would hide tests that never ran.
public enum RequiredTool: String, CaseIterable, Sendable {
  case git, tmux, sqlite3, python3

  /// Where it is looked for (and where the tests run it from).
  public var path: String? {
    ["/usr/bin", "/usr/local/bin"].map { "\($0)/\(rawValue)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  public var isInstalled: Bool { path != nil }

  /// Whether the tests run under CI.
  public static var isCI: Bool {
    !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
  }

  /// What a test that needs a missing tool does.
  public enum Decision: Equatable, Sendable {
    case run, skip, fail
  }

  /// The rule: run when it is installed; else skip, or fail under CI.
  public static func decision(installed: Bool, underCI: Bool) -> Decision {
    installed ? .run : underCI ? .fail : .skip
  }

  /// Why a test that needs it failed under CI.
  public struct Missing: Error, CustomStringConvertible {
    public let tool: RequiredTool

    public init(tool: RequiredTool) { self.tool = tool }

    public var description: String {
      "\(tool.rawValue) is not installed, and CI is set: a test that needs it fails rather "
        + "than skip (.ci/run installs it; outside CI, unset CI to skip such tests)"
    }
  }

  /// Whether a test that needs it runs: `true`, `false` (skipped), or it throws ``Missing``.
  func mayRun() throws -> Bool {
    switch Self.decision(installed: isInstalled, underCI: Self.isCI) {
    case .run: return true
    case .skip: return false
    case .fail: throw Missing(tool: self)
    }
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs a test or suite only where `tool` is installed: skipped elsewhere, failed under CI.
  public static func requires(_ tool: RequiredTool) -> Self {
    .enabled("\(tool.rawValue) is not installed (.ci/run installs it)") { try tool.mayRun() }
  }
}

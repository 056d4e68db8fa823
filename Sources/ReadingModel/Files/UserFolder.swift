#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The per-user folders bookclub keeps things in (DESIGN.md section 4), resolved the XDG way
/// in one place: an absolute `$XDG_..._HOME` wins, a relative one is ignored as the spec
/// says, else the usual default under the home folder. On macOS all three are
/// `~/Library/Application Support`.
public enum UserFolder {
  /// The library (`$XDG_DATA_HOME`, `~/.local/share`).
  case data
  /// Settings (`$XDG_CONFIG_HOME`, `~/.config`).
  case config
  /// Per-terminal state such as the selection (`$XDG_STATE_HOME`, `~/.local/state`).
  case state
  /// What can be fetched again, such as covers (`$XDG_CACHE_HOME`, `~/.cache`).
  case cache

  /// The folder for bookclub's files of this kind: `<base>/bookclub`.
  public func path(environment: [String: String]) -> String {
    base(environment: environment) + "/bookclub"
  }

  private func base(environment: [String: String]) -> String {
    #if os(macOS)
      return Self.home(environment) + "/Library/Application Support"
    #else
      let (variable, fallback) =
        switch self {
        case .data: ("XDG_DATA_HOME", "/.local/share")
        case .config: ("XDG_CONFIG_HOME", "/.config")
        case .state: ("XDG_STATE_HOME", "/.local/state")
        case .cache: ("XDG_CACHE_HOME", "/.cache")
        }
      if let xdg = environment[variable], xdg.hasPrefix("/") { return xdg }
      return Self.home(environment) + fallback
    #endif
  }

  /// `$HOME`, else the account's home folder.
  static func home(_ environment: [String: String]) -> String {
    environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? accountHome()
  }

  /// The home folder of the account running bookclub, from the password database.
  private static func accountHome() -> String {
    guard let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir else { return "/" }
    return String(cString: folder)
  }

  /// A path a person typed, made absolute: `~/` is the home folder, other relative paths
  /// start at the current folder.
  public static func absolute(_ path: String, environment: [String: String]) -> String {
    if path.hasPrefix("/") { return path }
    if path == "~" || path.hasPrefix("~/") { return home(environment) + path.dropFirst() }
    return FileManager.default.currentDirectoryPath + "/" + path
  }
}

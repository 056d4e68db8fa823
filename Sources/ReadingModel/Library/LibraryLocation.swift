import Foundation

/// Where the library file is: `--library PATH`, else `BOOKCLUB_LIBRARY`, else the platform's
/// data folder (DESIGN.md section 4).
public enum LibraryLocation {
  /// Resolves the library path.
  ///
  /// - Parameters:
  ///   - flag: The value of `--library`, when given.
  ///   - environment: The process environment.
  /// - Returns: An absolute path.
  public static func resolve(flag: String?, environment: [String: String]) -> String {
    if let flag, !flag.isEmpty { return absolute(flag, environment: environment) }
    if let path = environment["BOOKCLUB_LIBRARY"], !path.isEmpty {
      return absolute(path, environment: environment)
    }
    return dataDirectory(environment: environment) + "/bookclub/library.sqlite"
  }

  /// `$XDG_DATA_HOME`, when absolute, else `~/.local/share` (`~/Library/Application Support`
  /// on macOS).
  static func dataDirectory(environment: [String: String]) -> String {
    #if os(macOS)
      return home(environment) + "/Library/Application Support"
    #else
      if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg }
      return home(environment) + "/.local/share"
    #endif
  }

  static func home(_ environment: [String: String]) -> String {
    environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  }

  private static func absolute(_ path: String, environment: [String: String]) -> String {
    if path.hasPrefix("/") { return path }
    if path == "~" || path.hasPrefix("~/") { return home(environment) + path.dropFirst() }
    return FileManager.default.currentDirectoryPath + "/" + path
  }
}

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
    if let flag, !flag.isEmpty { return UserFolder.absolute(flag, environment: environment) }
    if let path = environment["BOOKCLUB_LIBRARY"], !path.isEmpty {
      return UserFolder.absolute(path, environment: environment)
    }
    return UserFolder.data.path(environment: environment) + "/library.sqlite"
  }
}

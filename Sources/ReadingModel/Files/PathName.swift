/// The parts of a file path, read as text the way `NSString`'s path methods read it, without
/// loading Foundation for them.
public enum PathName {
  /// The folder a path is in.
  ///
  /// - Parameter path: A path, absolute or relative; trailing slashes are ignored.
  /// - Returns: `/a/b` for `/a/b/c`, `/` for `/c`, and the empty string for `c`.
  public static func folder(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
    return folder.isEmpty ? "/" : folder
  }

  /// The last part of a path.
  ///
  /// - Parameter path: A path; trailing slashes are ignored.
  /// - Returns: `c` for `/a/b/c/`, `/` for `/`.
  public static func lastComponent(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    let last = String(trimmed[trimmed.index(after: slash)...])
    return last.isEmpty ? "/" : last
  }

  private static func withoutTrailingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }
}

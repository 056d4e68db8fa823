import ReadingModel

/// The libraries a command has opened, one per path: every part of a command (finding the
/// book, writing, sharing with clubs) uses the same connection, so the file is opened and
/// its schema read once.
@MainActor
final class OpenLibraries {
  private var byPath: [String: SQLiteLibrary] = [:]

  /// The library at `path`, made on first use.
  func library(at path: String) -> SQLiteLibrary {
    if let open = byPath[path] { return open }
    let library = SQLiteLibrary(path: path)
    byPath[path] = library
    return library
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LibraryArchive {
  /// Writes an archive a book at a time, so exporting needs memory for one page of books
  /// whatever the library's size. The output has one book per line, keys sorted: the same
  /// library always gives the same bytes.
  public struct StreamWriter {
    private var wroteBook = false
    /// The id of the library being exported.
    private let library: String?
    /// The library's reading goals, written after the books.
    private let goals: [ReadingGoal]

    /// - Parameters:
    ///   - library: The exported library's id (``Library/libraryID()``).
    ///   - goals: The library's reading goals.
    public init(library: String?, goals: [ReadingGoal] = []) {
      self.library = library
      self.goals = goals
    }

    /// The text that opens the archive.
    public func header() -> Data { Data("{\"books\":[".utf8) }

    /// One book, with the separator it needs.
    public mutating func item(_ item: Item) -> Data {
      var json = JSONWriter()
      json.raw(wroteBook ? ",\n" : "\n")
      wroteBook = true
      item.write(to: &json)
      return Data(json.bytes)
    }

    /// The text that closes the archive.
    public func footer() -> Data {
      var json = JSONWriter()
      json.raw(wroteBook ? "\n]" : "]")
      json.raw(",\"format\":")
      json.string(LibraryArchive.formatName)
      if !goals.isEmpty {
        json.raw(",\"goals\":")
        json.array(goals) { json, goal in
          json.object { object in
            object.member("books") { $0.integer(goal.books) }
            if let hours = goal.hours { object.member("hours") { $0.integer(hours) } }
            if let pages = goal.pages { object.member("pages") { $0.integer(pages) } }
            object.member("year") { $0.integer(goal.year) }
          }
        }
      }
      json.raw(",\"library\":")
      json.optionalString(library)
      json.raw(",\"version\":\(LibraryArchive.currentVersion)}\n")
      return Data(json.bytes)
    }
  }
}

/// A row of a service's file filled in by column name: each name is found through an index
/// of the header made once, not by a search of the header for every cell of every book.
struct NamedRow {
  /// A file's header, and where each of its names is.
  struct Columns: Sendable {
    let header: [String]
    private let places: [String: Int]

    init(_ header: [String]) {
      self.header = header
      places = Dictionary(
        header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Where `name` is in the header.
    func place(of name: String) -> Int {
      guard let place = places[name] else { preconditionFailure("no column '\(name)'") }
      return place
    }
  }

  /// The cells, in header order.
  private(set) var cells: [String]
  private let columns: Columns

  /// A row of empty cells.
  init(_ columns: Columns) {
    self.columns = columns
    cells = Array(repeating: "", count: columns.header.count)
  }

  /// The cell of the column `name`.
  subscript(name: String) -> String {
    get { cells[columns.place(of: name)] }
    set { cells[columns.place(of: name)] = newValue }
  }
}

/// A service's row for a book, worked out from its fields, with the file's own text kept in
/// every column whose value has not changed since the book's last import from that service
/// (a store id, a spelling of its own, columns bookclub does not read).
enum ServiceRow {
  /// - Parameters:
  ///   - source: The service's source name (``HardcoverMapper/source``).
  ///   - columns: The columns worked out from fields, in `header` order.
  static func row(
    _ item: LibraryArchive.Item, source: String, header: [String],
    columns: (BookFields) -> [String]
  ) -> [String] {
    let now = columns(BookFields(book: item.book, details: item.details))
    // Decoded once: the stored columns are JSON.
    guard let base = item.bases[source], case let written = base.columns, !written.isEmpty else {
      return now
    }
    let then = columns(base.fields)
    return header.indices.map { index in
      now[index] == then[index] ? written[header[index]] ?? now[index] : now[index]
    }
  }
}

/// A service's row for a book, worked out from its fields, with the file's own text kept in
/// every column whose value has not changed since the book's last import from that service
/// (a store id, a spelling of its own, columns bookclub does not read).
enum ServiceRow {
  /// - Parameters:
  ///   - source: The service's source name (``HardcoverMapper/source``).
  ///   - together: Columns read as one value (a review's title with its text, lists with
  ///     tags): when one of a group changed, the whole group is written afresh.
  ///   - columns: The columns worked out from fields, in `header` order.
  static func row(
    _ item: LibraryArchive.Item, source: String, header: [String], together: [[String]] = [],
    columns: (BookFields) -> [String]
  ) -> [String] {
    let now = columns(BookFields(book: item.book, details: item.details))
    // Decoded once: the stored columns are JSON.
    guard let base = item.bases[source], case let written = base.columns, !written.isEmpty else {
      return now
    }
    let then = columns(base.fields)
    var afresh = Set(header.indices.filter { now[$0] != then[$0] })
    for group in together {
      let places = group.compactMap { header.firstIndex(of: $0) }
      if !afresh.isDisjoint(with: places) { afresh.formUnion(places) }
    }
    return header.indices.map { index in
      afresh.contains(index) ? now[index] : written[header[index]] ?? now[index]
    }
  }
}

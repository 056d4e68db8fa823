extension Schema {
  /// Formats and audiobooks (README, "Formats and audiobooks"): a book's format and, for a
  /// recording, its length in seconds, kept with the book (positions are counted in them),
  /// and an index by format so `list --format` reads off an index. The backfill reads the
  /// format each book's binding names (`Audible Audio`, `Kindle Edition`, StoryGraph's
  /// `audio`), as an import of it now would.
  static let formats = Migration(
    name: "formats",
    sql: """
      ALTER TABLE books ADD COLUMN format TEXT;
      ALTER TABLE books ADD COLUMN length_s INTEGER;
      CREATE INDEX books_by_format ON books (format, id) WHERE format IS NOT NULL;
      """,
    backfill: { connection in
      let bindings = try connection.all(
        "SELECT book_id, binding FROM book_details WHERE binding IS NOT NULL AND binding <> ''"
      ) { (id: $0.int64(0), binding: $0.text(1)) }
      for (id, binding) in bindings {
        guard let format = BookFormat(binding: binding) else { continue }
        try connection.run(
          "UPDATE books SET format = ? WHERE id = ?", [.text(format.rawValue), .integer(id)])
      }
    })
}

extension Schema {
  /// Series (README, "Series"): each book's places in series as its details list them
  /// (`book_details.series`, ``SeriesPlace/text`` a line), and a row a place to find a
  /// series' books by its folded name (`book_series`). The backfill reads the places the
  /// titles of books from Goodreads name (`Title (Series, #1)`), as an import of them now
  /// would; a title typed by hand is left as its reader meant it.
  static let series = Migration(
    name: "series",
    sql: """
      ALTER TABLE book_details ADD COLUMN series TEXT NOT NULL DEFAULT '';
      CREATE TABLE book_series (
        series_key TEXT NOT NULL,
        book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
        series TEXT NOT NULL,
        position TEXT,
        position_order REAL,
        PRIMARY KEY (series_key, book_id)
      );
      CREATE INDEX book_series_by_book ON book_series (book_id);
      """,
    backfill: { connection in
      let titles = try connection.all(
        """
        SELECT b.id, b.title FROM books b WHERE b.title LIKE '%)'
          AND EXISTS (SELECT 1 FROM book_sources s WHERE s.book_id = b.id AND s.source = 'goodreads')
        """
      ) {
        (id: $0.int64(0), title: $0.text(1))
      }
      let tables = BookDetailTables(connection: connection)
      for (id, title) in titles {
        let places = SeriesPlace.places(inTitle: title)
        guard !places.isEmpty else { continue }
        try connection.run(
          """
          INSERT INTO book_details (book_id, series) VALUES (?, ?)
          ON CONFLICT (book_id) DO UPDATE SET series = excluded.series
          """, [.integer(id), .text(places.map(\.text).joined(separator: "\n"))])
        try tables.insertSeries(places, of: id, into: .library)
      }
    })
}

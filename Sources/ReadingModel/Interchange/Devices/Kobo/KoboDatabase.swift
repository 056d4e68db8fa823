#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A Kobo's `KoboReader.sqlite`, read: each book's title, author, ISBN, series, status,
/// rating, how far through and when, time spent reading, and its highlights and notes. The
/// columns firmware versions added are asked for only where the database has them.
enum KoboDatabase {
  /// Reads the database at `path` (never written: ``DeviceDatabase``).
  ///
  /// - Throws: ``DeviceFileError`` for a file that is no Kobo database or cannot be read.
  static func read(_ path: String, now: Date) throws(DeviceFileError) -> DeviceReading {
    var reading = DeviceReading(kind: .kobo, files: [path])
    do {
      try DeviceDatabase.read(path) { connection in
        try read(connection, into: &reading, now: now)
      }
    } catch let error as DeviceFileError {
      throw error
    } catch {
      throw .damaged(path, reason: "\(error)")
    }
    return reading
  }

  private static func columns(of table: String, on connection: SQLiteConnection) throws
    -> Set<String>
  {
    Set(try connection.all("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.text(0) })
  }

  private static func read(
    _ connection: SQLiteConnection, into reading: inout DeviceReading, now: Date
  ) throws {
    let content = try columns(of: "content", on: connection)
    guard content.contains("ContentID"), content.contains("ContentType") else {
      throw DeviceFileError.damaged(connection.path, reason: "it has no Kobo table of books")
    }
    func column(_ name: String) -> String { content.contains(name) ? name : "NULL" }
    let ratings = try columns(of: "ratings", on: connection).contains("Rating")
    var books: [DeviceBook] = []
    var byID: [String: Int] = [:]
    var totals: [(book: Int, seconds: Int, lastRead: Date?)] = []
    try connection.forEach(
      """
      SELECT c.ContentID, coalesce(c.Title, ''), \(column("Attribution")), \(column("ISBN")),
        \(column("Series")), \(column("SeriesNumber")), \(column("___PercentRead")),
        \(column("ReadStatus")), \(column("DateLastRead")), \(column("TimeSpentReading")),
        \(ratings ? "(SELECT Rating FROM ratings r WHERE r.ContentID = c.ContentID)" : "NULL")
      FROM content c
      WHERE c.ContentType = 6 AND (\(column("BookID")) IS NULL OR \(column("BookID")) = '')
        AND coalesce(\(column("___UserID")), 'x') NOT IN ('', 'removed')
        AND coalesce(\(column("MimeType")), '') NOT IN ('application/x-kobo-html+pocket', 'image/png')
      ORDER BY c.rowid
      """, []
    ) { row in
      let id = row.text(0)
      let title = row.text(1).trimmingWhitespace()
      guard !id.isEmpty, !title.isEmpty else { return }
      var book = DeviceBook(
        key: id, place: "content " + id.suffix(60), title: title,
        authors: (row.optionalText(2) ?? "").split(separator: ",").map { $0.trimmingWhitespace() }
          .filter { !$0.isEmpty },
        isbn: row.optionalText(3).flatMap { ISBN($0)?.isbn13 })
      if let name = row.optionalText(4), !name.isEmpty {
        let place = name + (row.optionalText(5).map { $0.isEmpty ? "" : " #" + $0 } ?? "")
        book.series = SeriesPlace(text: place) == nil ? nil : place
      }
      let lastRead = KoboTime.date(row.optionalText(8)).flatMap {
        DeviceTime.isPlausible($0, now: now) ? $0 : nil
      }
      switch row.isNull(7) ? -1 : row.int64(7) {
      case 1: book.status = .reading
      case 2: book.status = .finished
      default: break
      }
      if !row.isNull(6), let lastRead {
        let percent = row.int64(6)
        if (1...100).contains(percent) {
          book.position = DevicePosition(fraction: Double(percent) / 100, time: lastRead)
        }
      }
      if !row.isNull(10) {
        book.rating = (1...5).contains(row.int64(10)) ? Double(row.int64(10)) : nil
      }
      byID[id] = books.count
      if !row.isNull(9), row.int64(9) > 0 {
        totals.append((books.count, Int(min(row.int64(9), 10_000_000)), lastRead))
      }
      books.append(book)
    }
    for (index, seconds, lastRead) in totals {
      books[index].readingTime = DeviceReadingTime(
        seconds: seconds, lastRead: lastRead, device: .kobo)
    }
    try readHighlights(connection, into: &books, byID: byID, now: now)
    reading.books = books
  }

  /// The `Bookmark` rows that mark text or hold a note, not hidden; dog-ears and stylus
  /// markups mark no text and are not kept.
  private static func readHighlights(
    _ connection: SQLiteConnection, into books: inout [DeviceBook], byID: [String: Int],
    now: Date
  ) throws {
    let bookmark = try columns(of: "Bookmark", on: connection)
    guard bookmark.contains("BookmarkID"), bookmark.contains("VolumeID") else { return }
    func column(_ name: String) -> String { bookmark.contains(name) ? "b." + name : "NULL" }
    let content = try columns(of: "content", on: connection)
    let offsets = content.contains("___FileOffset") && content.contains("___FileSize")
    try connection.forEach(
      """
      SELECT b.BookmarkID, b.VolumeID, \(column("Text")), \(column("Annotation")),
        \(column("DateCreated")), \(column("DateModified")), \(column("ChapterProgress")),
        \(column("Hidden")), \(column("Type")), \(column("Color")),
        (SELECT Title FROM content c WHERE c.ContentID = b.ContentID),
        \(offsets ? "(SELECT ___FileOffset FROM content c WHERE c.ContentID = b.ContentID)" : "NULL"),
        \(offsets ? "(SELECT ___FileSize FROM content c WHERE c.ContentID = b.ContentID)" : "NULL")
      FROM Bookmark b ORDER BY b.rowid
      """, []
    ) { row in
      guard let index = byID[row.text(1)] else { return }
      let hidden = row.optionalText(7).map { $0 == "true" || $0 == "1" } ?? false
      let type = row.optionalText(8)?.lowercased()
      let text = row.optionalText(2) ?? ""
      let note = row.optionalText(3).flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
      guard !hidden, type != "dogear", type != "markup", !text.isEmpty || note != nil else {
        return
      }
      var time = KoboTime.date(row.optionalText(4)) ?? KoboTime.date(row.optionalText(5)) ?? now
      if !DeviceTime.isPlausible(time, now: now) { time = now }
      var position: Double?
      if !row.isNull(11), !row.isNull(12), !row.isNull(6) {
        let fraction = (row.double(11) + row.double(6) * row.double(12)) / 100
        position = fraction.isFinite && (0...1).contains(fraction) ? fraction : nil
      }
      let highlight = Highlight(
        id: UUID(stableFrom: [DeviceKind.kobo.rawValue, row.text(1), row.text(0)]),
        kind: text.isEmpty ? .note : .highlight, text: text, note: note, position: position,
        location: row.optionalText(10), time: time,
        color: row.isNull(9) ? nil : Self.colors[Int(row.int64(9))],
        device: DeviceKind.kobo.rawValue)
      if let problem = highlight.problem {
        books[index].remarks.append("a highlight not kept: \(problem.errorDescription ?? "")")
      } else {
        books[index].highlights.append(highlight)
      }
    }
  }

  /// Colour firmware's numbers for its four colours.
  private static let colors = [0: "yellow", 1: "pink", 2: "blue", 3: "green"]
}

/// BookWyrm's account export (`bookwyrm-account-export.tar.gz`): `archive.json` in a gzipped
/// tar file, every book with its edition, authors, shelves, reviews and every readthrough,
/// which its CSV export does not keep. A book is named by its edition's address; the
/// account export is a source of its own (a base of its own: the CSV says less of the same
/// books), whose books the CSV's find by ISBN, or title and author.
struct BookWyrmAccount: ImportSource {
  static let formatName = "BookWyrm account export"
  static let source = "bookwyrm-account"

  private let books: [JSONValue]
  private var index = 0
  let totalBytes: Int
  private(set) var bytesRead = 0
  var formatName: String { Self.formatName }
  let columnsNotKept: [String] = []
  /// Remarks on single books (a rating that is none), in their order.
  private var rowRemarks: [String] = []

  var remarks: [String] { rowRemarks + shelves.remarks }
  private var shelves = ShelfReader(mapping: ShelfMapping(), standard: BookWyrmMapper.statuses)

  /// Opens the export at `path`.
  ///
  /// - Throws: ``ImportError/unreadableBackup(_:)`` for a file that is no account export.
  init(path: String, shelves mapping: ShelfMapping) throws {
    shelves = ShelfReader(mapping: mapping, standard: BookWyrmMapper.statuses)
    let file = try InputFile(path: path)
    guard file.size <= GzipFile.largest else {
      throw ImportError.unreadableBackup("it is larger than an account export can be")
    }
    let archive: ArraySlice<UInt8>?
    do {
      let tar = try GzipFile.contents(of: try file.read(upTo: GzipFile.largest + 1))
      archive = try TarFile.file(named: "archive.json", in: tar)
    } catch let error as ZipError {
      throw ImportError.unreadableBackup("it is not a whole gzipped tar file (\(error))")
    }
    guard let archive else {
      throw ImportError.unreadableBackup("it has no archive.json: is it BookWyrm's account export?")
    }
    // The whole account is one value: as large as the file itself may be (the gzip's limit).
    var parser = JSONParser(bytes: Array(archive), limit: max(archive.count, JSONParser.valueLimit))
    let account: JSONValue
    do {
      account = try parser.value()
    } catch {
      throw ImportError.unreadableBackup("its archive.json is not JSON (\(error))")
    }
    guard case .array(let books)? = account.members?["books"] else {
      throw ImportError.unreadableBackup("its archive.json has no list of books")
    }
    self.books = books
    totalBytes = archive.count
  }

  mutating func next() throws -> ImportRow? {
    guard index < books.count else { return nil }
    let entry = books[index]
    index += 1
    bytesRead = totalBytes * index / max(books.count, 1)
    guard case .object(let book) = entry, case .object(let edition)? = book["edition"] else {
      return .skip(line: index, reason: "book \(index) of archive.json has no edition")
    }
    return row(book, edition: edition, line: index)
  }

  private mutating func row(_ book: [String: JSONValue], edition: [String: JSONValue], line: Int)
    -> ImportRow
  {
    func text(_ value: JSONValue?) -> String { value?.string?.trimmingWhitespace() ?? "" }
    let title = [text(edition["title"]), text(edition["subtitle"])].filter { !$0.isEmpty }
      .joined(separator: ": ")
    let authors = (book["authors"]?.items ?? []).compactMap { author -> String? in
      let name = text(author.members?["name"])
      return name.isEmpty ? nil : name
    }
    guard !title.isEmpty, !authors.isEmpty else {
      return .skip(line: line, reason: "it has no title or no author")
    }
    var fields = BookFields()
    fields[.title] = title
    fields.setList(.authors, authors)
    let isbn = ISBN(text(edition["isbn13"])) ?? ISBN(text(edition["isbn10"]))
    fields[.isbn13] = isbn?.isbn13 ?? ""
    fields[.isbn10] = isbn?.isbn10 ?? ""
    fields.setList(
      .identifiers,
      [
        ("openlibraryKey", "openlibrary"), ("goodreadsKey", "goodreads"), ("oclcNumber", "oclc"),
        ("asin", "asin"), ("isfdb", "isfdb"),
      ].compactMap { key, prefix in
        let value = text(edition[key])
        return value.isEmpty ? nil : prefix + ":" + value
      })
    if let pages = edition["pages"]?.integer, pages > 0 { fields[.pageCount] = String(pages) }
    let series = text(edition["series"])
    if !series.isEmpty {
      let number = text(edition["seriesNumber"])
      fields.setList(
        .series,
        [SeriesPlace(text: number.isEmpty ? series : "\(series) #\(number)")?.text].compactMap {
          $0
        })
    }
    // A book has one publisher: the first; the others are named in a remark.
    let publishers = (edition["publishers"]?.items ?? []).map { text($0) }.filter { !$0.isEmpty }
    fields[.publisher] = publishers.first ?? ""
    if publishers.count > 1 {
      rowRemarks.append(
        "book \(line) of archive.json: the publisher is \(ImportRun.quote(publishers[0])); "
          + "the others it names are not kept ("
          + publishers.dropFirst().map(ImportRun.quote).joined(separator: ", ") + ")")
    }
    let year = text(edition["publishedDate"]).prefix(4)
    fields[.editionYear] = year.count == 4 && year.allSatisfy(\.isNumber) ? String(year) : ""
    let physical = text(edition["physicalFormat"])
    fields[.binding] = physical
    fields[.format] = BookFormat(binding: physical)?.rawValue ?? ""
    // Every shelf, by the last part of its address (`…/books/read`): BookWyrm's own give
    // the status, the reader's own are read by name (a status, or a tag).
    let onShelves = (book["shelves"]?.items ?? []).compactMap { shelf -> String? in
      let id = text(shelf.members?["id"])
      guard let last = id.split(separator: "/").last else { return nil }
      return BookWyrmMapper.statuses[String(last)] == nil
        ? text(shelf.members?["name"]) : String(last)
    }.filter { !$0.isEmpty }
    let read = onShelves.map { ($0, shelves.read($0, line: line)) }
    let standard = read.first { BookWyrmMapper.statuses[$0.0] != nil }?.1
    let status = standard ?? read.first { $0.1 != .unknown }?.1 ?? .standard(.wantToRead)
    fields[.status] = status.status.rawValue
    fields.setList(.tags, read.filter { $0.1 == .unknown }.map(\.0))
    fields.setList(.readings, Self.readings(book["readthroughs"]).map(\.text))
    // The newest review that has a rating gives it; its title and text are the review.
    let reviews = (book["reviews"]?.items ?? []).compactMap(\.members)
      .sorted { text($0["published"]) < text($1["published"]) }
    if let rating = reviews.last(where: { $0["rating"]?.double != nil })?["rating"]?.double {
      RatingCell(rating.isFinite ? String(rating) : "\(rating)", read: Rating.init(storedText:))
        .apply(to: &fields, at: "book \(line) of archive.json", remarks: &rowRemarks)
    }
    if let review = reviews.last(where: {
      !text($0["content"]).isEmpty || !text($0["name"]).isEmpty
    }) {
      fields[.review] = [text(review["name"]), HTMLText.paragraphs(text(review["content"]))]
        .filter { !$0.isEmpty }.joined(separator: "\n\n")
      let warned = review["sensitive"] == JSONValue.bool(true) || !text(review["summary"]).isEmpty
      fields[.spoiler] = warned ? BookFields.spoilerText : ""
    }
    let id = text(edition["id"])
    return .book(
      ImportedBook(
        line: line, source: Self.source, sourceID: id.isEmpty ? nil : id,
        fields: fields))
  }

  /// Every readthrough, oldest first: started, finished, or stopped (given up that day).
  static func readings(_ value: JSONValue?) -> [ReadingPeriod] {
    func day(_ value: JSONValue?) -> CalendarDay? {
      value?.string.flatMap { CalendarDay(String($0.prefix(10))) }
    }
    let readings = (value?.items ?? []).compactMap(\.members).compactMap { read -> ReadingPeriod? in
      let start = day(read["start_date"])
      if let finish = day(read["finish_date"]) { return ReadingPeriod(start: start, end: finish) }
      if let stopped = day(read["stopped_date"]) {
        return ReadingPeriod(start: start, end: stopped, abandoned: true)
      }
      return start.map { ReadingPeriod(start: $0) }
    }
    return readings.sorted { ($0.start ?? $0.end!) < ($1.start ?? $1.end!) }
  }
}

import Foundation
import Testing

@testable import ReadingModel

@Suite struct GoodreadsImportTests {
  let folder = TemporaryFolder()

  static let header31 =
    "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Recommended For,Recommended By,Owned Copies,Original Purchase Date,Original Purchase Location,Condition,Condition Description,BCID"

  /// The same book in each header variant: its fields by column name.
  static let fields: [String: String] = [
    "Book Id": "1934", "Title": "The Communist Manifesto", "Author": "Karl Marx",
    "Author l-f": "Marx, Karl", "Additional Authors": "Friedrich Engels, Samuel Moore",
    "ISBN": "=\"0140447571\"", "ISBN13": "=\"9780140447576\"", "My Rating": "4",
    "Average Rating": "3.67", "Publisher": "Penguin", "Binding": "Paperback",
    "Number of Pages": "64", "Year Published": "2002", "Original Publication Year": "-48",
    "Date Read": "2024/02/03", "Date Added": "2023/12/24",
    "Bookshelves": "politics, favourites", "Bookshelves with positions": "politics (#3)",
    "Exclusive Shelf": "read", "My Review": "Short &amp; sharp.<br/>Spectre haunting.",
    "Spoiler": "", "Private Notes": "Lent to Sam", "Read Count": "2", "Owned Copies": "1",
  ]

  func file(_ header: [String], rows: [[String]]) throws -> String {
    let path = folder.path("export-\(UUID().uuidString).csv")
    let text = ([header] + rows).map(CSVWriter.line).joined()
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  func rows(_ path: String) throws -> [ImportRow] {
    var source = try ImportFormat.goodreads.source(path: path)
    var rows: [ImportRow] = []
    while let row = try source.next() { rows.append(row) }
    return rows
  }

  func book(_ header: [String]) throws -> ImportedBook {
    let path = try file(header, rows: [header.map { Self.fields[$0] ?? "" }])
    #expect(try ImportFormat.detect(path: path) == .goodreads)
    guard case .book(let book) = try rows(path).first else {
      Issue.record("no book read")
      throw CancellationError()
    }
    return book
  }

  @Test func everyHeaderVariantMapsEveryFieldTheSame() throws {
    let columns31 = Self.header31.split(separator: ",").map(String.init)
    let columns24 = Array(columns31.prefix(23)) + ["Owned Copies"]
    let columns23 = columns24.filter { $0 != "Average Rating" }
    #expect(columns24.count == 24 && columns23.count == 23)
    let books = try [columns31, columns24, columns23].map(book)
    #expect(books[0] == books[1])
    #expect(books[1] == books[2])
    #expect(books[0].sourceID == "1934")
    let (book, details) = books[0].asNewBook
    #expect(book.title == "The Communist Manifesto")
    #expect(book.authors == ["Karl Marx", "Friedrich Engels", "Samuel Moore"])
    #expect(book.isbn13 == "9780140447576")
    #expect(book.isbn10 == "0140447571")
    #expect(book.pageCount == 64)
    #expect(book.status == .finished)
    #expect(book.dateAdded == CalendarDay(year: 2023, month: 12, day: 24)?.startInUTC)
    #expect(details.rating == 4)
    #expect(details.review == "Short & sharp.\nSpectre haunting.")
    #expect(details.tags == ["politics", "favourites"])
    #expect(details.readings == [ReadingPeriod(end: CalendarDay(year: 2024, month: 2, day: 3))])
    #expect(details.readCount == 2)
    #expect(details.publisher == "Penguin")
    #expect(details.publicationYear == -48)
    #expect(details.editionYear == 2002)
    #expect(details.binding == "Paperback")
    #expect(details.privateNotes == "Lent to Sam")
    #expect(books[0].columns["Owned Copies"] == "1")
    #expect(books[0].columns["ISBN"] == "=\"0140447571\"")
  }

  @Test func quirksAreReadAsMeant() throws {
    let header = Self.header31.split(separator: ",").map(String.init)
    var unrated = Self.fields
    unrated["My Rating"] = "0"
    unrated["ISBN"] = "=\"\""
    unrated["ISBN13"] = "=\"\""
    unrated["Date Read"] = ""
    unrated["Exclusive Shelf"] = "owned-but-unread"
    unrated["Original Publication Year"] = ""
    unrated["Year Published"] = "60"
    let path = try file(header, rows: [header.map { unrated[$0] ?? "" }])
    var source = try ImportFormat.goodreads.source(path: path)
    guard case .book(let row) = try source.next() else {
      Issue.record("no book read")
      return
    }
    let (book, details) = row.asNewBook
    #expect(details.rating == nil)
    #expect(book.isbn13 == nil && book.isbn10 == nil)
    #expect(details.readings.isEmpty)  // read, but no date: none is invented
    #expect(book.status == .wantToRead)
    #expect(details.tags.first == "owned-but-unread")
    #expect(details.publicationYear == nil)
    #expect(details.editionYear == 60)
    #expect(
      source.remarks == [
        "the shelf 'owned-but-unread' is not a reading status; kept as a tag, status want to read "
          + "(line 2). Choose its status with --shelf 'owned-but-unread=STATUS'"
      ])
  }

  @Test func identifiersAreKeptAsTheFileGivesThem() throws {
    let header = Self.header31.split(separator: ",").map(String.init)
    var row = Self.fields
    row["ISBN"] = "=\"0141439548\""  // another edition than the ISBN-13's
    row["ISBN13"] = "=\"9780140447576\""
    row["Publisher"] = "Farrar, Straus &amp; Giroux"
    var barcode = Self.fields
    barcode["ISBN"] = "=\"\""
    barcode["ISBN13"] = "=\"4006381333931\""
    let path = try file(
      header, rows: [row, barcode].map { fields in header.map { fields[$0] ?? "" } })
    let books = try rows(path).compactMap { row -> ImportedBook? in
      if case .book(let book) = row { return book } else { return nil }
    }
    let (own, details) = try #require(books.first).asNewBook
    #expect(own.isbn10 == "0141439548")
    #expect(own.isbn13 == "9780140447576")
    #expect(details.publisher == "Farrar, Straus & Giroux")
    let (coded, codedDetails) = try #require(books.last).asNewBook
    #expect(coded.isbn13 == nil)
    #expect(codedDetails.identifiers == ["4006381333931"])
  }

  @Test func badRowsAreSkippedWithTheirLineAndReason() throws {
    let header = Self.header31.split(separator: ",").map(String.init)
    var untitled = Self.fields
    untitled["Title"] = " "
    let path = try file(
      header,
      rows: [
        header.map { Self.fields[$0] ?? "" }, header.map { untitled[$0] ?? "" },
        ["1", "short row"],
      ])
    let result = try rows(path)
    guard result.count == 3, case .skip(2 + 1, let reason) = result[1],
      case .skip(4, let short) = result[2]
    else {
      Issue.record("expected two skipped rows, got \(result)")
      return
    }
    #expect(reason == "it has no title")
    #expect(short == "it has 2 fields where the header has 31")
  }

  @Test func aSpreadsheetThatDroppedColumnsIsRefused() throws {
    let header = Self.header31.split(separator: ",").map(String.init)
      .filter { $0 != "Exclusive Shelf" && $0 != "Date Added" }
    let path = try file(header, rows: [header.map { Self.fields[$0] ?? "" }])
    #expect(
      throws: ImportError.missingColumns(
        format: "Goodreads", columns: ["Date Added", "Exclusive Shelf"])
    ) {
      try ImportFormat.goodreads.source(path: path)
    }
    let other = try file(["Name", "Writer", "Pages"], rows: [["Emma", "Austen", "400"]])
    #expect(throws: ImportError.self) { try ImportFormat.detect(path: other) }
  }

  @Test func htmlEntitiesAndBreaks() {
    #expect(HTMLText.plain("a<br/>b<br />c<br>d") == "a\nb\nc\nd")
    #expect(
      HTMLText.plain("&quot;x&quot; &amp; &lt;y&gt; &#39;z&#39; &#x2014; &unknown; & done")
        == "\"x\" & <y> 'z' — &unknown; & done")
  }

  @Test func storyGraphRangesRatingsAndIds() throws {
    #expect(
      StoryGraphMapper.readings("2023/05/23-2023/06/07") == [
        ReadingPeriod(start: CalendarDay("2023/05/23"), end: CalendarDay("2023/06/07"))
      ])
    #expect(
      StoryGraphMapper.readings("2023/05/23") == [ReadingPeriod(end: CalendarDay("2023/05/23"))])
    #expect(StoryGraphMapper.readings("2021/01/01-2021/02/01, 2024/03/04").count == 2)
    let header =
      "Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?"
    let text =
      header
      + "\r\nHunger,Knut Hamsun,,B00K0OI42W,digital,read,2024/01/02,2024/02/01,2024/01/05-2024/02/01,1,dark,slow,Character,Yes,No,No,Yes,3.75,,,,\"norway, hunger\",No\r\n"
    let path = folder.path("sg.csv")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(try ImportFormat.detect(path: path) == .storygraph)
    var source = try ImportFormat.storygraph.source(path: path)
    guard case .book(let row) = try source.next() else {
      Issue.record("no book read")
      return
    }
    let (book, details) = row.asNewBook
    #expect(book.isbn13 == nil)
    #expect(row.sourceID == "B00K0OI42W")
    #expect(details.identifiers == ["B00K0OI42W"])
    #expect(details.rating == 3.75)
    #expect(details.tags == ["norway", "hunger"])
    #expect(book.status == .finished)
    #expect(details.readings.first?.start == CalendarDay("2024/01/05"))
    #expect(!source.columnsNotKept.contains("Moods") && !source.columnsNotKept.contains("Pace"))
    #expect(!source.columnsNotKept.contains("Content Warnings"))
    #expect(!source.columnsNotKept.contains("Owned?"))
    #expect(source.columnsNotKept.contains("Loveable Characters?"))
  }
}

extension ImportedBook {
  /// The book and details a new import of this row makes.
  var asNewBook: (book: Book, details: BookDetails) {
    var book = Book(id: 0, title: "", authors: [], dateAdded: Date(), dateUpdated: Date())
    var details = BookDetails()
    fields.apply(to: &book, &details)
    return (book, details)
  }
}

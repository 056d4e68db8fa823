extension GoodreadsMapper {
  /// The columns the mapper reads, found once per file.
  struct Columns {
    let bookID: CSVColumn
    let title: CSVColumn
    let author: CSVColumn
    let authorLastFirst: CSVColumn
    let additionalAuthors: CSVColumn
    /// The identifier columns in the order they are read, with their names for remarks.
    let identifiers: [(name: String, column: CSVColumn)]
    let myRating: CSVColumn
    let numberOfPages: CSVColumn
    let dateRead: CSVColumn
    let dateAdded: CSVColumn
    let bookshelves: CSVColumn
    let exclusiveShelf: CSVColumn
    let readCount: CSVColumn
    let publisher: CSVColumn
    let yearPublished: CSVColumn
    let originalPublicationYear: CSVColumn
    let binding: CSVColumn
    let myReview: CSVColumn
    let spoiler: CSVColumn
    let privateNotes: CSVColumn
    let ownedCopies: CSVColumn

    /// The columns of `row`'s file.
    init(of row: CSVRow) {
      bookID = row.column("Book Id")
      title = row.column("Title")
      author = row.column("Author")
      authorLastFirst = row.column("Author l-f")
      additionalAuthors = row.column("Additional Authors")
      identifiers = ["ISBN13", "ISBN"].map { ($0, row.column($0)) }
      myRating = row.column("My Rating")
      numberOfPages = row.column("Number of Pages")
      dateRead = row.column("Date Read")
      dateAdded = row.column("Date Added")
      bookshelves = row.column("Bookshelves")
      exclusiveShelf = row.column("Exclusive Shelf")
      readCount = row.column("Read Count")
      publisher = row.column("Publisher")
      yearPublished = row.column("Year Published")
      originalPublicationYear = row.column("Original Publication Year")
      binding = row.column("Binding")
      myReview = row.column("My Review")
      spoiler = row.column("Spoiler")
      privateNotes = row.column("Private Notes")
      ownedCopies = row.column("Owned Copies")
    }
  }
}

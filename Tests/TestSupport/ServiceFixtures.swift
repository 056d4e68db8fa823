/// Export files of other services in the shapes they write them (headers and value formats
/// learned from their code and documentation), made here with books of our own.
public enum ServiceFixtures {
  /// Hardcover's CSV export: the 37 columns of its custom import, CRLF line ends; a read
  /// book in a series read twice, an audiobook with its narrator listed first, a book
  /// stopped, one Hardcover calls ignored.
  public static let hardcoverCSV =
    "Title,Author,Series,Status,Privacy,Hardcover Book ID,Hardcover Edition ID,ISBN 10,ISBN 13,ASIN,Media,Country Code,Language Code,Binding,Pages,Duration in Seconds,Publish Date,Publisher,Genres,Moods,Tags,Content Warnings,Lists,Date Added,Date Started,Date Finished,Rating,Review,Review Contains Spoilers,Sponsored Review,Review Date,Review URL,Review Media URL,Private Notes,Owned,Compilation,Review Slate\r\n"
    + "The Glass Orchard,\"Mara Quill, Tobias Fenn (Translator)\",Orchard Cycle (#1.0),Read,Public,123456,7654321,0441478123,9780441478125,,Book,us,en,,412,,2019-03-05,Example House,Fantasy,\"dark, reflective\",favourites,,\"Owned, Winter Reads (#3)\",2024-01-02,\"2024-01-05,2025-02-01\",\"2024-02-10,2025-02-20\",4.5,Lovely and strange.,false,false,2024-02-11T09:15:00Z,,,Lent to Bo.,true,No,{}\r\n"
    + "Signal Harbor,\"Jon Peller (Narrator), Ada Renn\",,Currently Reading,Private,222333,,,,B000EXAMPL,Audio,gb,en,,,36000,2021-10-12,Sample Audio,,,,,\"\",2025-06-01,2025-06-03,\"\",,,false,false,,,,,false,No,{}\r\n"
    + "Salt Road,B. Sample,,Stopped,Public,444555,,,,,Ebook,us,en,,300,,,,,,,,,2023-04-01,2023-04-02,,2.0,,false,false,,,,,false,No,{}\r\n"
    + "The Long Way,C. Example,,Ignored,Public,666777,,,,,Book,us,en,,,,,,,,,,,2023-05-01,,,,,false,false,,,,,false,No,{}\r\n"

  /// BookWyrm's CSV export (v0.8.5's 30 columns), CRLF line ends: a book read, one stopped
  /// with a review behind a content warning, one on a custom shelf.
  public static let bookwyrmCSV =
    "title,author_text,remote_id,openlibrary_key,finna_key,libris_key,inventaire_id,librarything_key,goodreads_key,bnf_id,viaf,wikidata,asin,aasin,isfdb,isbn_10,isbn_13,oclc_number,pages,start_date,finish_date,stopped_date,rating,review_name,review_cw,review_content,review_published,shelf,shelf_name,shelf_date\r\n"
    + "The Glass Orchard,\"Mara Quill, Tobias Fenn\",https://books.example.social/book/1001,OL0000001M,,,,,,,,,,,,0441478123,9780441478125,,412,2024-01-05,2024-02-10,,4.50,Strange and lovely,,<p>Loved the ending.</p>,2024-02-11,read,Read,2024-01-02\r\n"
    + "Signal Harbor,Ada Renn,https://books.example.social/book/1002,,,,,,,,,,,,,,,,,2025-03-01,,2025-03-20,2.00,,Spoilers for the end,It goes nowhere.,2025-03-21,stopped-reading,Stopped Reading,2025-03-20\r\n"
    + "Salt Road,B. Sample,https://books.example.social/book/1003,,,,,,,,,,,,,,,,300,,,,,,,,,slug-12,Owned,2023-04-01\r\n"

  /// LibraryThing's export columns, in the order its tab-separated file has them.
  public static let libraryThingColumns = [
    "Book Id", "Title", "Sort Character", "Primary Author", "Primary Author Role",
    "Secondary Author", "Secondary Author Roles", "Publication", "Date", "Review", "Rating",
    "Comment", "Private Comment", "Summary", "Media", "Physical Description", "Weight",
    "Height", "Thickness", "Length", "Dimensions", "Page Count", "LCCN", "Acquired",
    "Date Started", "Date Read", "Barcode", "BCID", "Tags", "Collections", "Languages",
    "Original Languages", "LC Classification", "ISBN", "ISBNs", "Subjects", "Dewey Decimal",
    "Dewey Wording", "Other Call Number", "Copies", "Source", "Entry Date", "From Where",
    "OCLC", "Work id", "Lending Patron", "Lending Status", "Lending Start", "Lending End",
  ]

  /// A LibraryThing export of `rows` (columns by name, the rest empty), tab-separated.
  public static func libraryThingTSV(_ rows: [[String: String]]) -> String {
    ([libraryThingColumns] + rows.map { row in libraryThingColumns.map { row[$0] ?? "" } })
      .map { $0.joined(separator: "\t") }.joined(separator: "\r\n") + "\r\n"
  }

  /// Three books as LibraryThing exports them: one read (a translator among its authors,
  /// a review over two lines), one being read, one wished for.
  public static let libraryThingRows: [[String: String]] = [
    [
      "Book Id": "100000001", "Title": "The Glass Orchard", "Sort Character": "5",
      "Primary Author": "Quill, Mara", "Secondary Author": "Fenn, Tobias",
      "Secondary Author Roles": "Translator",
      "Publication": "Example House (2019), Paperback, 412 pages", "Date": "2019",
      "Review": "Strange[Return]and lovely.", "Rating": "4.5", "Media": "Paperback",
      "Page Count": "412 ", "Date Started": "[2024-01-05]", "Date Read": "[2024-02-10]",
      "Tags": "fantasy, orchards", "Collections": "Your library, Favorites",
      "ISBN": "[0441478123]", "ISBNs": "0441478123, 9780441478125", "Copies": "1",
      "Entry Date": "[2023-12-30]", "Work id": "900001",
    ],
    [
      "Book Id": "100000002", "Title": "Signal Harbor", "Primary Author": "Renn, Ada",
      "Media": "Ebook", "Date Started": "[2025-06-01]",
      "Collections": "Currently reading", "Entry Date": "[2025-05-30]",
    ],
    [
      "Book Id": "100000003", "Title": "Salt Road", "Primary Author": "Sample, B.",
      "Collections": "Wishlist", "Entry Date": "[2024-04-01]",
    ],
  ]

  /// Openreads' `books.backup` (backup version 5): a book read twice (rated 45, tagged,
  /// a favourite), one planned, one in its trash, and one of an old backup's form
  /// (`start_date` and `finish_date`).
  public static let openreadsBooks = [
    #"{"id":1,"title":"Tidewater","subtitle":null,"author":"Ana Example","description":"Waves.","status":0,"rating":45,"favourite":1,"deleted":0,"pages":320,"publication_year":2019,"isbn":"9780441478125","olid":"OL27260330M","tags":"sci-fi|||||owned","my_review":"Loved it","notes":"Borrowed.","blur_hash":null,"has_cover":1,"book_type":"paperback","readings":"2023-01-02T00:00:00.000|2023-01-20T00:00:00.000|;2024-05-01T00:00:00.000|2024-05-09T00:00:00.000|3600000","date_added":"2023-01-02T10:11:12.345","date_modified":"2024-05-01T08:00:00.000"}"#,
    #"{"id":2,"title":"Salt Road","subtitle":"A Journey","author":"B. Sample","description":null,"status":2,"rating":null,"favourite":0,"deleted":0,"pages":null,"publication_year":null,"isbn":null,"olid":null,"tags":null,"my_review":null,"notes":null,"blur_hash":null,"has_cover":0,"book_type":"ebook","readings":"","date_added":"2024-02-03T09:00:00.000","date_modified":"2024-02-03T09:00:00.000"}"#,
    #"{"id":3,"title":"Thrown Away","author":"C. Gone","status":0,"rating":10,"favourite":0,"deleted":1,"book_type":"paperback","readings":"","date_added":"2024-02-03T09:00:00.000"}"#,
    #"{"id":4,"title":"Old Form","author":"D. Early","status":3,"rating":20,"favourite":0,"deleted":0,"book_type":"paper","start_date":"2021-03-01T00:00:00.000","finish_date":"2021-03-05T00:00:00.000"}"#,
  ].joined(separator: "@@@@@")

  /// The backup as Openreads saves it: `books.backup` and `info.txt` zipped.
  public static func openreadsBackup(books: String = openreadsBooks) -> [UInt8] {
    ZipFixture.zip([
      ("books.backup", Array(books.utf8)),
      ("info.txt", Array("App version: 2.7.1\nBackup version: 5".utf8)),
    ])
  }

  /// BookWyrm's account export's `archive.json`: The Glass Orchard (the same edition as
  /// ``bookwyrmCSV``'s) read three times, one of them stopped, with a review behind a
  /// warning; Signal Harbor on a custom shelf.
  public static let bookwyrmArchiveJSON = #"""
    {"id":"https://books.example.social/user/ann","type":"Person","preferredUsername":"ann",
     "settings":{"show_goal":true},"goals":[{"goal":12,"year":2024,"privacy":"public"}],
     "books":[
      {"work":{"id":"https://books.example.social/book/1000","type":"Work","title":"The Glass Orchard"},
       "edition":{"id":"https://books.example.social/book/1001","type":"Edition","title":"The Glass Orchard",
         "subtitle":"","isbn13":"9780441478125","isbn10":"0441478123","openlibraryKey":"OL0000001M",
         "pages":412,"physicalFormat":"Paperback","publishers":["Example House"],
         "publishedDate":"2019-03-05T00:00:00Z","series":"Orchard Cycle","seriesNumber":"1"},
       "authors":[{"id":"https://books.example.social/author/7","name":"Mara Quill"}],
       "shelves":[{"id":"https://books.example.social/user/ann/books/read","name":"Read"}],
       "lists":[],"comments":[],"quotations":[],
       "reviews":[{"name":"Strange and lovely","content":"<p>Loved the ending.</p>","summary":"Spoilers",
         "sensitive":true,"rating":4.5,"published":"2024-02-11T09:15:00.000Z"}],
       "readthroughs":[
         {"id":3,"start_date":"2025-02-01T00:00:00Z","finish_date":null,"stopped_date":"2025-02-03T00:00:00Z","is_active":false},
         {"id":1,"start_date":"2022-06-01T00:00:00Z","finish_date":"2022-06-20T00:00:00Z","stopped_date":null,"is_active":false},
         {"id":2,"start_date":"2024-01-05T00:00:00Z","finish_date":"2024-02-10T00:00:00Z","stopped_date":null,"is_active":false}]},
      {"work":{"id":"https://books.example.social/book/2000","type":"Work","title":"Signal Harbor"},
       "edition":{"id":"https://books.example.social/book/2001","type":"Edition","title":"Signal Harbor"},
       "authors":[{"id":"https://books.example.social/author/8","name":"Ada Renn"}],
       "shelves":[{"id":"https://books.example.social/user/ann/shelf/owned-12","name":"Owned"}],
       "lists":[],"comments":[],"quotations":[],"reviews":[],"readthroughs":[]}
     ]}
    """#

  /// The account export as BookWyrm writes it: `archive.json` in a gzipped tar file.
  public static func bookwyrmAccountExport(json: String = bookwyrmArchiveJSON) -> [UInt8] {
    ZipFixture.gzip(ZipFixture.tar([("archive.json", Array(json.utf8))]))
  }
}

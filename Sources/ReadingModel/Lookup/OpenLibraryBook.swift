/// What Open Library knows of an edition (`/isbn/<isbn>.json`, its authors from
/// `/authors/<id>.json`): read from its JSON, every field optional but the title.
public struct OpenLibraryBook: Sendable, Equatable {
  public var isbn: ISBN
  public var title: String
  public var authors: [String] = []
  public var pageCount: Int?
  public var publisher: String?
  public var year: Int?
  public var subjects: [String] = []
  /// The authors' record paths (`/authors/OL21594A`), for their names.
  public var authorKeys: [String] = []
  /// The work the edition is of (`OL45883W`), when the record names one.
  public var work: String?
  /// The format its `physical_format` names (`Paperback`, `Audio CD`, `ebook`).
  public var format: BookFormat?
  /// The series the record names (`Discworld (3)`, `The Broken Earth ; 1`), those that read
  /// as one.
  public var series: [SeriesPlace] = []

  /// Reads an edition record.
  ///
  /// - Throws: ``OpenLibraryError/notARecord`` for a body that is not a record with a title.
  public init(edition bytes: [UInt8], isbn: ISBN) throws(OpenLibraryError) {
    var parser = JSONParser(bytes: bytes)
    guard case .object(let fields)? = try? parser.value(),
      let title = fields["title"]?.string?.singleSpaced, !title.isEmpty
    else { throw .notARecord }
    self.isbn = isbn
    let subtitle = fields["subtitle"]?.string?.singleSpaced ?? ""
    self.title = subtitle.isEmpty ? title : "\(title): \(subtitle)"
    if case .array(let authors)? = fields["authors"] {
      authorKeys = authors.compactMap { author in
        guard case .object(let entry) = author, let key = entry["key"]?.string,
          key.hasPrefix("/authors/"), key.dropFirst(9).allSatisfy({ $0.isLetter || $0.isNumber })
        else { return nil }
        return key
      }.prefix(10).map { $0 }
    }
    pageCount = fields["number_of_pages"]?.integer.flatMap {
      (1...100_000).contains($0) ? Int($0) : nil
    }
    if case .array(let publishers)? = fields["publishers"] {
      publisher = publishers.compactMap(\.string).first?.singleSpaced
    }
    // "2003", "May 1, 2003", "c1985": the last four-digit number is the year.
    if let date = fields["publish_date"]?.string {
      year = date.split(whereSeparator: { !$0.isNumber }).last(where: { $0.count == 4 })
        .flatMap { Int($0) }
    }
    format = fields["physical_format"]?.string.flatMap(BookFormat.init(binding:))
    if case .array(let works)? = fields["works"], case .object(let first)? = works.first {
      work = first["key"]?.string.flatMap(WorkKey.openLibrary(path:))
    }
    if case .array(let series)? = fields["series"] {
      self.series = series.compactMap(\.string).compactMap(SeriesPlace.init(openLibrary:))
    }
    if case .array(let subjects)? = fields["subjects"] {
      self.subjects = subjects.compactMap(\.string).map(\.singleSpaced).filter { !$0.isEmpty }
    }
  }

  /// An author record's name.
  public static func authorName(_ bytes: [UInt8]) -> String? {
    var parser = JSONParser(bytes: bytes)
    guard case .object(let fields)? = try? parser.value(),
      let name = fields["name"]?.string?.singleSpaced, !name.isEmpty
    else { return nil }
    return name
  }
}

/// Why an Open Library answer could not be used.
public enum OpenLibraryError: Error, Equatable, Sendable {
  /// The body is not a record bookclub can read.
  case notARecord
}

extension String {
  /// Words separated by single spaces, none at the ends: how a record's text is kept.
  fileprivate var singleSpaced: String {
    split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

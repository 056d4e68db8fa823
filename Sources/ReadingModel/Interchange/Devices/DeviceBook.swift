#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The e-readers whose files `bookclub ingest` reads.
public enum DeviceKind: String, Sendable, CaseIterable {
  case kindle, kobo, koreader

  /// The name people know it by.
  public var displayName: String {
    switch self {
    case .kindle: "Kindle"
    case .kobo: "Kobo"
    case .koreader: "KOReader"
    }
  }
}

/// What an e-reader knows of one book, in the library's terms: the book as the device names
/// it, where the reader is, the highlights made, the sessions read (DESIGN.md section 14).
public struct DeviceBook: Sendable, Equatable {
  /// The device's own key for the book, which finds it again at the next ingest: a Kobo's
  /// ContentID, KOReader's checksum of the file, a Kindle's title and author folded.
  public var key: String
  /// Where in the device's files, for messages: `line 12`, `Dune.sdr`.
  public var place: String
  public var title: String
  public var authors: [String]
  /// The ISBN-13 the device knows, if it knows one.
  public var isbn: String?
  /// The series and place the book's metadata gives (`Dune #1`).
  public var series: String?
  /// Where the device says the reader stands with it; `nil` when it does not say.
  public var status: ReadingStatus?
  /// Stars given on the device.
  public var rating: Double?
  /// The device's newest position.
  public var position: DevicePosition?
  public var highlights: [Highlight] = []
  /// The spans of reading the device recorded, oldest first.
  public var sessions: [ReadingSession] = []
  /// The device's running total of time read, for a device that keeps no sessions (a
  /// Kobo): the ingest logs the time read since the last one as a session.
  public var readingTime: DeviceReadingTime?
  /// What of the book's data was not kept, and why (a highlight past the longest text).
  public var remarks: [String] = []

  public init(
    key: String, place: String, title: String, authors: [String], isbn: String? = nil,
    series: String? = nil, status: ReadingStatus? = nil, rating: Double? = nil,
    position: DevicePosition? = nil, highlights: [Highlight] = []
  ) {
    self.key = key
    self.place = place
    self.title = title
    self.authors = authors
    self.isbn = isbn
    self.series = series
    self.status = status
    self.rating = rating
    self.position = position
    self.highlights = highlights
  }

  /// What the device says about the book, merged three ways with the library (its base the
  /// device's last ingest): only what it knows.
  public var fields: BookFields {
    var fields = BookFields()
    fields[.title] = title
    fields.setList(.authors, authors)
    if let isbn { fields[.isbn13] = isbn }
    if let series { fields.setList(.series, [series]) }
    if let status { fields[.status] = status.rawValue }
    if let rating { fields[.rating] = BookFields.text(rating: rating) }
    return fields
  }

  /// The fields of a book the library does not have: an e-book, being read unless the
  /// device says otherwise.
  public var newBookFields: BookFields {
    var fields = self.fields
    fields[.format] = BookFormat.ebook.rawValue
    if status == nil { fields[.status] = ReadingStatus.reading.rawValue }
    return fields
  }
}

/// A position on a device: how far through, the page where it has one, and when.
public struct DevicePosition: Sendable, Equatable {
  /// 0 to 1.
  public var fraction: Double
  public var page: Int?
  public var time: Date

  public init(fraction: Double, page: Int? = nil, time: Date) {
    self.fraction = min(max(fraction, 0), 1)
    self.page = page
    self.time = time
  }
}

/// A device's total of time read on a book, and when it was last read.
public struct DeviceReadingTime: Sendable, Equatable {
  public var seconds: Int
  public var lastRead: Date?
  /// The device, as its sessions name it (`kobo`).
  public var device: DeviceKind

  public init(seconds: Int, lastRead: Date?, device: DeviceKind) {
    self.seconds = seconds
    self.lastRead = lastRead
    self.device = device
  }
}

/// Everything read off one device: its books, and what could not be read.
public struct DeviceReading: Sendable, Equatable {
  public var kind: DeviceKind
  /// The files read, for the summary (`documents/My Clippings.txt`).
  public var files: [String]
  public var books: [DeviceBook] = []
  /// Parts of the files that could not be read, each with its place and why.
  public var problems: [String] = []
  /// Things worth saying about what was read (the languages of a clippings file).
  public var remarks: [String] = []

  public init(kind: DeviceKind, files: [String]) {
    self.kind = kind
    self.files = files
  }
}

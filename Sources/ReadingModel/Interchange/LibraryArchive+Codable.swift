#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The archive flattens each book and its progress into one object, and writes dates in
// ``InterchangeDate`` form.
extension LibraryArchive.Item {
  private enum CodingKeys: String, CodingKey {
    case id, title, authors, isbn10, isbn13, pageCount, format, length, status, added, updated
    case progress
    case details, statusChanges, history, bases, highlights, sessions
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    book = Book(
      id: try container.decode(Book.ID.self, forKey: .id),
      title: try container.decode(String.self, forKey: .title),
      authors: try container.decode([String].self, forKey: .authors),
      isbn10: try container.decodeIfPresent(String.self, forKey: .isbn10),
      isbn13: try container.decodeIfPresent(String.self, forKey: .isbn13),
      pageCount: try container.decodeIfPresent(Int.self, forKey: .pageCount),
      format: try container.decodeIfPresent(BookFormat.self, forKey: .format),
      length: try container.decodeIfPresent(Int.self, forKey: .length).flatMap(
        AudioLength.init(seconds:)),
      status: try container.decode(ReadingStatus.self, forKey: .status),
      dateAdded: try container.decode(Date.self, forKey: .added),
      dateUpdated: try container.decode(Date.self, forKey: .updated)
    )
    progress = ReadingProgress(
      entries: try container.decodeIfPresent([ReadingProgress.Entry].self, forKey: .progress) ?? [])
    details = try container.decodeIfPresent(BookDetails.self, forKey: .details) ?? BookDetails()
    statusChanges =
      try container.decodeIfPresent([StatusChange].self, forKey: .statusChanges) ?? []
    history = try container.decodeIfPresent([BookEvent].self, forKey: .history) ?? []
    bases = try container.decodeIfPresent([String: SourceBase].self, forKey: .bases) ?? [:]
    highlights = try container.decodeIfPresent([Highlight].self, forKey: .highlights) ?? []
    sessions = try container.decodeIfPresent([ReadingSession].self, forKey: .sessions) ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(book.id, forKey: .id)
    try container.encode(book.title, forKey: .title)
    try container.encode(book.authors, forKey: .authors)
    try container.encode(book.isbn10, forKey: .isbn10)
    try container.encode(book.isbn13, forKey: .isbn13)
    try container.encode(book.pageCount, forKey: .pageCount)
    try container.encodeIfPresent(book.format, forKey: .format)
    try container.encodeIfPresent(book.length?.seconds, forKey: .length)
    try container.encode(book.status, forKey: .status)
    try container.encode(book.dateAdded, forKey: .added)
    try container.encode(book.dateUpdated, forKey: .updated)
    try container.encode(progress.entries, forKey: .progress)
    if !details.isEmpty { try container.encode(details, forKey: .details) }
    if !statusChanges.isEmpty { try container.encode(statusChanges, forKey: .statusChanges) }
    if !history.isEmpty { try container.encode(history, forKey: .history) }
    if !bases.isEmpty { try container.encode(bases, forKey: .bases) }
    if !highlights.isEmpty { try container.encode(highlights, forKey: .highlights) }
    if !sessions.isEmpty { try container.encode(sessions, forKey: .sessions) }
  }
}

// `{"columns": {"Book Id": "19063", ...}, "fields": {"title": "...", ...}}`
extension SourceBase: Codable {
  private enum CodingKeys: String, CodingKey {
    case columns, fields
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let stored = try container.decode([String: String].self, forKey: .fields)
    var fields = BookFields()
    for (name, value) in stored {
      if let field = BookField(rawValue: name) { fields[field] = value }
    }
    self.init(
      fields: fields,
      columns: try container.decodeIfPresent([String: String].self, forKey: .columns) ?? [:])
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(columns, forKey: .columns)
    try container.encode(
      Dictionary(uniqueKeysWithValues: fields.values.map { ($0.rawValue, $1) }), forKey: .fields)
  }
}

/// Decodes dates in ``InterchangeDate`` form.
let interchangeDecoder: JSONDecoder = {
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .custom { decoder in
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let milliseconds = InterchangeDate.parse(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a date like 2024-03-05T18:30:00.000Z")
    }
    return Date(milliseconds: milliseconds)
  }
  return decoder
}()

/// Encodes dates in ``InterchangeDate`` form, keys sorted, pretty-printed.
let interchangeEncoder: JSONEncoder = {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  encoder.dateEncodingStrategy = .custom { date, encoder in
    var container = encoder.singleValueContainer()
    try container.encode(InterchangeDate.format(milliseconds: date.milliseconds))
  }
  return encoder
}()

// Archives written before contributors, identifiers and edition years existed leave them
// out; every list is optional on input, and empty lists are left out on output, as
// ``BookDetails/write(to:)`` leaves them out. `dateAddedUnknown` is written only when true,
// so the archive of a book whose date added is known is what it was before the key existed;
// `spoiler` likewise, and `series` only when the book is in one.
extension BookDetails: Codable {
  private enum CodingKeys: String, CodingKey {
    case rating, review, tags, readings, readCount, publisher, publicationYear, editionYear
    case binding, privateNotes, contributors, identifiers, authorSort, sourceIDs
    case dateAddedUnknown, spoiler, series, upNext, moods, pace, warnings, warningNote
    case ownedCopies, work
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      rating: try container.decodeIfPresent(Double.self, forKey: .rating),
      review: try container.decodeIfPresent(String.self, forKey: .review),
      tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [],
      readings: try container.decodeIfPresent([ReadingPeriod].self, forKey: .readings) ?? [],
      readCount: try container.decodeIfPresent(Int.self, forKey: .readCount),
      publisher: try container.decodeIfPresent(String.self, forKey: .publisher),
      publicationYear: try container.decodeIfPresent(Int.self, forKey: .publicationYear),
      editionYear: try container.decodeIfPresent(Int.self, forKey: .editionYear),
      binding: try container.decodeIfPresent(String.self, forKey: .binding),
      privateNotes: try container.decodeIfPresent(String.self, forKey: .privateNotes),
      contributors: try container.decodeIfPresent([String].self, forKey: .contributors) ?? [],
      identifiers: try container.decodeIfPresent([String].self, forKey: .identifiers) ?? [],
      authorSort: try container.decodeIfPresent(String.self, forKey: .authorSort),
      sourceIDs: try container.decodeIfPresent([String: String].self, forKey: .sourceIDs) ?? [:],
      dateAddedUnknown: try container.decodeIfPresent(Bool.self, forKey: .dateAddedUnknown)
        ?? false,
      spoiler: try container.decodeIfPresent(Bool.self, forKey: .spoiler) ?? false,
      series: try container.decodeIfPresent([SeriesPlace].self, forKey: .series) ?? [],
      upNext: try container.decodeIfPresent(String.self, forKey: .upNext).flatMap {
        UpNextKey.isValid($0) ? $0 : nil
      },
      moods: try container.decodeIfPresent([String].self, forKey: .moods) ?? [],
      pace: try container.decodeIfPresent(String.self, forKey: .pace),
      warnings: try container.decodeIfPresent([String].self, forKey: .warnings) ?? [],
      warningNote: try container.decodeIfPresent(String.self, forKey: .warningNote),
      ownedCopies: try container.decodeIfPresent(Int.self, forKey: .ownedCopies),
      work: try container.decodeIfPresent(String.self, forKey: .work).flatMap {
        WorkKey.isValid($0) ? $0 : nil
      })
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(rating, forKey: .rating)
    try container.encodeIfPresent(review, forKey: .review)
    try container.encode(tags, forKey: .tags)
    try container.encode(readings, forKey: .readings)
    try container.encodeIfPresent(readCount, forKey: .readCount)
    try container.encodeIfPresent(publisher, forKey: .publisher)
    try container.encodeIfPresent(publicationYear, forKey: .publicationYear)
    try container.encodeIfPresent(editionYear, forKey: .editionYear)
    try container.encodeIfPresent(binding, forKey: .binding)
    try container.encodeIfPresent(privateNotes, forKey: .privateNotes)
    if !contributors.isEmpty { try container.encode(contributors, forKey: .contributors) }
    if !identifiers.isEmpty { try container.encode(identifiers, forKey: .identifiers) }
    try container.encodeIfPresent(authorSort, forKey: .authorSort)
    try container.encode(sourceIDs, forKey: .sourceIDs)
    if dateAddedUnknown { try container.encode(true, forKey: .dateAddedUnknown) }
    if spoiler { try container.encode(true, forKey: .spoiler) }
    if !series.isEmpty { try container.encode(series, forKey: .series) }
    try container.encodeIfPresent(upNext, forKey: .upNext)
    if !moods.isEmpty { try container.encode(moods, forKey: .moods) }
    try container.encodeIfPresent(pace, forKey: .pace)
    if !warnings.isEmpty { try container.encode(warnings, forKey: .warnings) }
    try container.encodeIfPresent(warningNote, forKey: .warningNote)
    try container.encodeIfPresent(ownedCopies, forKey: .ownedCopies)
    try container.encodeIfPresent(work, forKey: .work)
  }
}

// `{"name": "Discworld", "position": "3"}`; a place without a position leaves it out.
extension SeriesPlace: Codable {
  private enum CodingKeys: String, CodingKey {
    case name, position
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .name)
    let position = try container.decodeIfPresent(String.self, forKey: .position).map { text in
      guard let position = SeriesPosition(text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .position, in: container, debugDescription: "not a place in a series")
      }
      return position
    }
    try self.init(name: name, position: position)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encodeIfPresent(position?.description, forKey: .position)
  }
}

// `{"start": "2024-01-02", "end": "2024-02-03"}`, with `"abandoned": true` for a reading
// given up; absent sides are unknown.
extension ReadingPeriod: Codable {
  private enum CodingKeys: String, CodingKey {
    case start, end, abandoned
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      start: try container.decodeIfPresent(CalendarDay.self, forKey: .start),
      end: try container.decodeIfPresent(CalendarDay.self, forKey: .end),
      abandoned: try container.decodeIfPresent(Bool.self, forKey: .abandoned) ?? false)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(start, forKey: .start)
    try container.encodeIfPresent(end, forKey: .end)
    if abandoned { try container.encode(true, forKey: .abandoned) }
  }
}

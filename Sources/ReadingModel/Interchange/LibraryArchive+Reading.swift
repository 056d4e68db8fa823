#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LibraryArchive.Item {
  /// Reads a book of an archive, checking every value the way the library would: a value
  /// that does not fit is refused naming the book and the field, so the file is blamed,
  /// not the library.
  ///
  /// - Throws: ``ArchiveError/invalidBook(_:reason:)``.
  public init(json: JSONValue) throws(ArchiveError) {
    guard case .object(let members) = json else {
      throw .invalidBook("a book", reason: "it is not an object")
    }
    let reader = ArchiveObject(members: members, name: Self.name(members))
    let id = try reader.integer("id", in: 1...Int64.max)
    let title = try reader.string("title")
    guard !title.trimmingWhitespace().isEmpty else {
      throw reader.invalid("title", "is empty")
    }
    let authors = try reader.strings("authors")
    guard !authors.isEmpty, authors.allSatisfy({ !$0.isEmpty }) else {
      throw reader.invalid("authors", "must name at least one author, none of them empty")
    }
    let pageCount = try reader.optionalInteger("pageCount", in: 1...100_000)
    let format = try reader.optionalString("format").map { text throws(ArchiveError) in
      guard let format = BookFormat(rawValue: text) else {
        throw reader.invalid("format", "must be paper, ebook or audiobook")
      }
      return format
    }
    let length = try reader.optionalInteger("length", in: 1...Int64(AudioLength.longest))
    book = Book(
      id: id, title: title, authors: authors,
      isbn10: try reader.optionalString("isbn10"), isbn13: try reader.optionalString("isbn13"),
      pageCount: pageCount.map { Int($0) }, format: format,
      length: length.flatMap { AudioLength(seconds: Int($0)) }, status: try reader.status("status"),
      dateAdded: try reader.date("added"), dateUpdated: try reader.date("updated"))
    progress = ReadingProgress(entries: try reader.objects("progress").map(Self.entry))
    details = try reader.optionalObject("details").map(Self.details) ?? BookDetails()
    statusChanges = try reader.objects("statusChanges").map { change throws(ArchiveError) in
      StatusChange(status: try change.status("status"), time: try change.date("time"))
    }
    history = try reader.objects("history").map(Self.event)
    highlights = try reader.objects("highlights").map(Self.highlight)
    sessions = try reader.objects("sessions").map(Self.session)
    var bases: [String: SourceBase] = [:]
    for (source, base) in try reader.optionalObject("bases")?.members ?? [:] {
      guard case .object(let parts) = base else {
        throw reader.invalid("bases", "must hold objects")
      }
      let part = ArchiveObject(members: parts, name: reader.name)
      bases[source] = SourceBase(
        fields: Self.fields(try part.stringMap("fields")), columns: try part.stringMap("columns"))
    }
    self.bases = bases
  }

  /// `book 12 ('Emma')`, or as much of it as the object has.
  private static func name(_ members: [String: JSONValue]) -> String {
    var name = "a book"
    if case .integer(let id)? = members["id"] { name = "book \(id)" }
    if case .string(let title)? = members["title"] { name += " ('\(title.prefix(60))')" }
    return name
  }

  private static func entry(_ object: ArchiveObject) throws(ArchiveError) -> ReadingProgress.Entry {
    let text = try object.string("id")
    guard let id = UUID(uuidString: text) else {
      throw object.invalid("progress id", "is not a UUID")
    }
    guard case let fraction = try object.number("progress"), (0...1).contains(fraction) else {
      throw object.invalid("progress", "must be a fraction from 0 to 1")
    }
    let kind = try object.optionalString("kind").map { text throws(ArchiveError) in
      guard let kind = ReadingProgress.Entry.Kind(rawValue: text) else {
        throw object.invalid("kind", "must be progress or note")
      }
      return kind
    }
    return ReadingProgress.Entry(
      id: id, progress: fraction, time: try object.date("time"),
      note: try object.optionalString("note"), kind: kind ?? .progress)
  }

  /// A highlight or a quote, checked as the library keeps them.
  private static func highlight(_ object: ArchiveObject) throws(ArchiveError) -> Highlight {
    guard let id = UUID(uuidString: try object.string("id")) else {
      throw object.invalid("highlight id", "is not a UUID")
    }
    guard let kind = Highlight.Kind(rawValue: try object.string("kind")) else {
      throw object.invalid("highlight kind", "must be highlight, note or quote")
    }
    let position = try object.optionalNumber("position")
    guard position.map({ (0...1).contains($0) }) ?? true else {
      throw object.invalid("highlight position", "must be a fraction from 0 to 1")
    }
    let highlight = Highlight(
      id: id, kind: kind, text: try object.string("text"), note: try object.optionalString("note"),
      position: position,
      page: try object.optionalInteger("page", in: 0...Int64(StoredValue.pageCounts.upperBound))
        .map { Int($0) },
      location: try object.optionalString("location"), time: try object.date("time"),
      color: try object.optionalString("color"), device: try object.optionalString("device"))
    if let problem = highlight.problem {
      throw object.invalid("highlight", problem.errorDescription ?? "is not one")
    }
    return highlight
  }

  /// A reading session, checked as the library keeps them.
  private static func session(_ object: ArchiveObject) throws(ArchiveError) -> ReadingSession {
    guard let id = UUID(uuidString: try object.string("id")) else {
      throw object.invalid("session id", "is not a UUID")
    }
    let pages = 0...Int64(StoredValue.pageCounts.upperBound)
    for name in ["startPosition", "endPosition"] {
      guard try object.optionalNumber(name).map({ (0...1).contains($0) }) ?? true else {
        throw object.invalid("session \(name)", "must be a fraction from 0 to 1")
      }
    }
    let session = ReadingSession(
      id: id, start: try object.date("start"),
      seconds: Int(
        try object.optionalInteger("seconds", in: 1...Int64(ReadingSession.longest)) ?? 0),
      startPosition: try object.optionalNumber("startPosition"),
      endPosition: try object.optionalNumber("endPosition"),
      firstPage: try object.optionalInteger("firstPage", in: pages).map { Int($0) },
      lastPage: try object.optionalInteger("lastPage", in: pages).map { Int($0) },
      pages: try object.optionalInteger("pages", in: pages).map { Int($0) },
      device: try object.optionalString("device"))
    if let problem = session.problem {
      throw object.invalid("session", problem.errorDescription ?? "is not one")
    }
    return session
  }

  /// An event of the book's history. Its detail is kept exactly as written; a kind this
  /// bookclub does not know refuses the book, as an unknown progress kind does, rather than
  /// being shown as something it is not.
  private static func event(_ object: ArchiveObject) throws(ArchiveError) -> BookEvent {
    let text = try object.string("kind")
    guard let kind = BookEvent.Kind(rawValue: text) else {
      let kinds = BookEvent.Kind.allCases.map(\.rawValue)
      throw object.invalid(
        "history kind",
        "must be \(kinds.dropLast().joined(separator: ", ")) or \(kinds.last ?? "")")
    }
    return BookEvent(time: try object.date("time"), kind: kind, detail: try object.string("detail"))
  }

  private static func details(_ object: ArchiveObject) throws(ArchiveError) -> BookDetails {
    let rating = try object.optionalNumber("rating")
    if let rating, Rating(stored: rating) == nil {
      throw object.invalid("rating", "must be above 0 and at most 5 stars")
    }
    let readings = try object.objects("readings").map { reading throws(ArchiveError) in
      ReadingPeriod(
        start: try reading.optionalDay("start"), end: try reading.optionalDay("end"),
        abandoned: try reading.optionalBool("abandoned") ?? false)
    }
    let series = try object.objects("series").map { place throws(ArchiveError) in
      let position = try place.optionalString("position").map { text throws(ArchiveError) in
        guard let position = SeriesPosition(text) else {
          throw place.invalid("series position", "must be a number like 1, 1.5 or 1-3")
        }
        return position
      }
      let name = try place.string("name")
      do throws(SeriesError) {
        return try SeriesPlace(name: name, position: position)
      } catch {
        throw place.invalid("series name", error.errorDescription ?? "is not a series name")
      }
    }
    return BookDetails(
      rating: rating, review: try object.optionalString("review"),
      tags: try object.strings("tags"), readings: readings,
      readCount: try object.optionalInteger("readCount", in: 0...100_000).map { Int($0) },
      publisher: try object.optionalString("publisher"),
      publicationYear: try object.optionalInteger("publicationYear", in: -10_000...10_000)
        .map { Int($0) },
      editionYear: try object.optionalInteger("editionYear", in: -10_000...10_000).map { Int($0) },
      binding: try object.optionalString("binding"),
      privateNotes: try object.optionalString("privateNotes"),
      contributors: try object.strings("contributors"),
      identifiers: try object.strings("identifiers"),
      authorSort: try object.optionalString("authorSort"),
      sourceIDs: try object.stringMap("sourceIDs"),
      dateAddedUnknown: try object.optionalBool("dateAddedUnknown") ?? false,
      spoiler: try object.optionalBool("spoiler") ?? false, series: series,
      upNext: try object.optionalString("upNext").flatMap { UpNextKey.isValid($0) ? $0 : nil },
      moods: try object.strings("moods"), pace: try object.optionalString("pace"),
      warnings: try object.strings("warnings").map { text throws(ArchiveError) in
        guard let warning = ContentWarning(text: text) else {
          throw object.invalid("warnings", "must be topics of at most 100 characters on one line")
        }
        return warning.text
      },
      warningNote: try object.optionalString("warningNote"),
      ownedCopies: try object.optionalInteger("ownedCopies", in: 0...10_000).map { Int($0) },
      work: try object.optionalString("work").map { key throws(ArchiveError) in
        guard WorkKey.isValid(key) else {
          throw object.invalid("work", "must be letters, digits and '-', at most 64")
        }
        return key
      })
  }

  private static func fields(_ map: [String: String]) -> BookFields {
    var fields = BookFields()
    for (name, value) in map {
      if let field = BookField(rawValue: name) { fields[field] = value }
    }
    return fields
  }
}

/// One object of an archive, read member by member; a member of the wrong type is
/// reported naming the book it belongs to.
struct ArchiveObject {
  let members: [String: JSONValue]
  /// The book the object belongs to: `book 12 ('Emma')`.
  let name: String

  func invalid(_ field: String, _ problem: String) -> ArchiveError {
    .invalidBook(name, reason: "'\(field)' \(problem)")
  }

  func string(_ key: String) throws(ArchiveError) -> String {
    guard case .string(let text)? = members[key] else { throw invalid(key, "must be text") }
    return text
  }

  func optionalString(_ key: String) throws(ArchiveError) -> String? {
    switch members[key] {
    case nil, .null?: nil
    case .string(let text)?: text
    default: throw invalid(key, "must be text or null")
    }
  }

  func integer(_ key: String, in range: ClosedRange<Int64>) throws(ArchiveError) -> Int64 {
    guard let value = try optionalInteger(key, in: range) else {
      throw invalid(key, "is missing")
    }
    return value
  }

  func optionalInteger(_ key: String, in range: ClosedRange<Int64>) throws(ArchiveError) -> Int64? {
    switch members[key] {
    case nil, .null?: return nil
    case .integer(let value)? where range.contains(value): return value
    default:
      throw invalid(key, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
  }

  func optionalBool(_ key: String) throws(ArchiveError) -> Bool? {
    switch members[key] {
    case nil, .null?: nil
    case .bool(let value)?: value
    default: throw invalid(key, "must be true or false")
    }
  }

  func number(_ key: String) throws(ArchiveError) -> Double {
    guard let value = try optionalNumber(key) else { throw invalid(key, "is missing") }
    return value
  }

  func optionalNumber(_ key: String) throws(ArchiveError) -> Double? {
    switch members[key] {
    case nil, .null?: nil
    case .integer(let value)?: Double(value)
    case .number(let value)?: value
    default: throw invalid(key, "must be a number")
    }
  }

  func strings(_ key: String) throws(ArchiveError) -> [String] {
    switch members[key] {
    case nil, .null?: return []
    case .array(let values)?:
      return try values.map { value throws(ArchiveError) in
        guard case .string(let text) = value else { throw invalid(key, "must be a list of text") }
        return text
      }
    default: throw invalid(key, "must be a list of text")
    }
  }

  func stringMap(_ key: String) throws(ArchiveError) -> [String: String] {
    guard let object = try optionalObject(key) else { return [:] }
    var map: [String: String] = [:]
    for (name, value) in object.members {
      guard case .string(let text) = value else { throw invalid(key, "must map names to text") }
      map[name] = text
    }
    return map
  }

  func optionalObject(_ key: String) throws(ArchiveError) -> ArchiveObject? {
    switch members[key] {
    case nil, .null?: nil
    case .object(let members)?: ArchiveObject(members: members, name: name)
    default: throw invalid(key, "must be an object")
    }
  }

  func objects(_ key: String) throws(ArchiveError) -> [ArchiveObject] {
    switch members[key] {
    case nil, .null?: return []
    case .array(let values)?:
      return try values.map { value throws(ArchiveError) in
        guard case .object(let members) = value else {
          throw invalid(key, "must be a list of objects")
        }
        return ArchiveObject(members: members, name: name)
      }
    default: throw invalid(key, "must be a list of objects")
    }
  }

  func status(_ key: String) throws(ArchiveError) -> ReadingStatus {
    guard let status = ReadingStatus(rawValue: try string(key)) else {
      throw invalid(key, "must be want, reading, finished or abandoned")
    }
    return status
  }

  func date(_ key: String) throws(ArchiveError) -> Date {
    guard let milliseconds = InterchangeDate.parse(try string(key)) else {
      throw invalid(key, "must be a date like 2024-03-05T18:30:00.000Z")
    }
    return Date(milliseconds: milliseconds)
  }

  func optionalDay(_ key: String) throws(ArchiveError) -> CalendarDay? {
    guard let text = try optionalString(key) else { return nil }
    guard let day = CalendarDay(text) else { throw invalid(key, "must be a day like 2024-03-05") }
    return day
  }
}

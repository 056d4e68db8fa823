#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ClubEvent {
  /// The event as one journal line, newline included:
  /// `{"member":"…","seq":3,"time":"2026-11-30T18:00:00.000Z","kind":"progress","book":{…},"fraction":0.5,"page":440}`.
  public var jsonLine: [UInt8] {
    var json = JSONWriter()
    json.object { object in
      object.member("member") { $0.string(member) }
      object.member("seq") { $0.integer(sequence) }
      object.member("time") { $0.date(time) }
      object.member("kind") { $0.string(kind.name) }
      if let book = kind.book {
        object.member("book") { json in
          json.object { book.write(to: &$0) }
        }
      }
      switch kind {
      case .joined(let name, let person):
        object.member("name") { $0.string(name) }
        if let person { object.member("person") { $0.string(person) } }
      case .progress(_, let fraction, let page):
        object.member("fraction") { $0.number(fraction) }
        if let page { object.member("page") { $0.integer(page) } }
      case .note(_, let text, let fraction):
        object.member("text") { $0.string(text) }
        object.member("fraction") { $0.number(fraction) }
      case .rated(_, let rating):
        object.member("rating") { json in rating.map { json.number($0) } ?? json.null() }
      case .left, .picked, .finished, .abandoned, .unknown: break
      }
    }
    return json.bytes + [0x0A]
  }

  /// Reads a journal line.
  ///
  /// - Parameters:
  ///   - recent: A book read from an earlier line: one the line names the same way is
  ///     taken as it is, its match key not made again (a journal names one book in line
  ///     after line).
  ///   - member: The member of an earlier line, taken as it is when the line names the same.
  /// - Returns: The event; `nil` when the line is not one (not JSON, or a field missing).
  public init?(
    jsonLine line: some Collection<UInt8>, recent: ClubBook? = nil,
    member knownMember: String? = nil
  ) {
    var memory = ClubLineMemory(member: knownMember, book: recent)
    self.init(jsonLine: line, remembering: &memory)
  }

  /// Reads a journal line with what the lines before it said (``ClubLineMemory``), and
  /// remembers what this one says for the next.
  ///
  /// - Returns: The event; `nil` when the line is not one (not JSON, or a field missing).
  init?(jsonLine line: some Collection<UInt8>, remembering memory: inout ClubLineMemory) {
    guard let fields = try? Fields(line: Array(line), memory: memory),
      let member = fields.member, let seq = fields.seq, seq > 0, let time = fields.time,
      let name = fields.kind
    else { return nil }
    let book = fields.book
    let fraction = fields.fraction
    let kind: Kind
    switch (name, book) {
    case ("joined", _):
      // A person is a member id: anything else (a path, a stranger's text) is no person.
      let person = fields.person.flatMap { ClubID.isValid($0) ? $0 : nil }
      kind = .joined(name: fields.name ?? "", person: person)
    case ("left", _): kind = .left
    case ("picked", let book?): kind = .picked(book)
    case ("progress", let book?):
      guard let fraction, (0...1).contains(fraction) else { return nil }
      let page = fields.page.flatMap { page in
        (0...Int64(book.pageCount ?? ClubBook.pageLimit.upperBound)).contains(page)
          ? Int(page) : nil
      }
      kind = .progress(book, fraction: fraction, page: page)
    case ("note", let book?):
      guard let text = fields.text, let fraction else { return nil }
      kind = .note(book, text: text, fraction: min(max(fraction, 0), 1))
    case ("finished", let book?): kind = .finished(book)
    case ("abandoned", let book?): kind = .abandoned(book)
    case ("rated", let book?):
      // A rating as bookclub gives them, 0.25 to 5 in quarters, or none: anything else
      // (a negative, 1e308) is not a rating, and the line is skipped.
      let rating = fields.rating
      if let rating, Rating(given: rating) == nil { return nil }
      kind = .rated(book, rating: rating)
    case ("picked", nil), ("progress", nil), ("note", nil), ("finished", nil),
      ("abandoned", nil), ("rated", nil):
      return nil
    default: kind = .unknown(name)
    }
    memory.member = member
    if let book = kind.book {
      memory.book = book
      memory.bookWritten = fields.bookWritten ?? []
    }
    self.init(member: member, sequence: Int(seq), time: time, kind: kind)
  }

  /// The members of a journal line that an event is made of, read member by member: a
  /// club's first read decodes millions of lines, and no dictionary is made for each.
  /// A member given twice counts as given last, as in a dictionary; one of the wrong type
  /// counts as absent.
  private struct Fields {
    var member: String?
    var seq: Int64?
    /// Read as it is written, `nil` unless a valid time (``InterchangeDate/parse(_:)``).
    var time: Int64?
    var kind: String?
    var book: ClubBook?
    /// The last `book` member as written, when it was read.
    var bookWritten: [UInt8]?
    var fraction: Double?
    var page: Int64?
    var text: String?
    var name: String?
    var person: String?
    var rating: Double?

    /// The members read, named as in a line.
    private enum LineKey: Int, CaseIterable {
      case member, seq, time, kind, book, fraction, page, text, name, person, rating

      static let written = allCases.map { Array("\($0)".utf8) }
    }

    init(line: [UInt8], memory: ClubLineMemory) throws(JSONError) {
      var parser = JSONParser(bytes: line)
      try parser.expect(UInt8(ascii: "{"), "an object")
      try parser.readMembers(matching: LineKey.written) { index, parser throws(JSONError) in
        guard let key = index.flatMap(LineKey.init(rawValue:)) else {
          _ = try parser.value()
          return
        }
        switch key {
        case .book:
          // The book of the line before, written the same way: no need to read it again.
          if let known = memory.book, !memory.bookWritten.isEmpty,
            try parser.skip(ifNextIs: memory.bookWritten)
          {
            book = known
            bookWritten = memory.bookWritten
          } else {
            let start = try parser.nextValueOffset()
            book = try ClubBook(parser: &parser, recent: memory.book)
            bookWritten = parser.consumed(from: start).map(Array.init)
          }
        case .member: member = try parser.string(reusing: memory.member)
        case .time: time = try parser.stringBytes { InterchangeDate.parse(utf8: $0) }
        case .seq: seq = try parser.value().integer
        case .kind: kind = try parser.value().string
        case .fraction: fraction = try parser.value().double
        case .page: page = try parser.value().integer
        case .text: text = try parser.value().string
        case .name: name = try parser.value().string
        case .person: person = try parser.value().string
        case .rating: rating = try parser.value().double
        }
      }
      try parser.expectEnd("text after the event")
    }
  }
}

extension ClubBook {
  /// A journal line's `book`: `{"isbn13", "title", "author", "pages"}`, read from the
  /// parser member by member; `nil` for any other value, which is read past.
  fileprivate init?(parser: inout JSONParser, recent: ClubBook?) throws(JSONError) {
    guard try parser.skip(UInt8(ascii: "{")) else {
      try parser.skipValue()
      return nil
    }
    var title: String?
    var author: String?
    var pages: Int64?
    var isbn: String?
    try parser.readMembers(matching: LineKey.written) { index, parser throws(JSONError) in
      switch index.flatMap(LineKey.init(rawValue:)) {
      case .title: title = try parser.string(reusing: recent?.title)
      case .author: author = try parser.string(reusing: recent?.author)
      case .pages: pages = try parser.value().integer
      case .isbn13: isbn = try parser.value().string
      case nil: _ = try parser.value()
      }
    }
    guard let title, let author else { return nil }
    // Page counts as `add` takes them; another number (negative, 2^63) is no count.
    let pageCount = pages.flatMap { Self.pageLimit.contains(Int($0)) ? Int($0) : nil }
    // Only a valid ISBN-13 matches books by number; anything else is no ISBN.
    let isbn13 = isbn.flatMap { $0 == recent?.isbn13 ? $0 : ISBN($0)?.isbn13 }
    if let recent, recent.title == title, recent.author == author,
      recent.pageCount == pageCount, recent.isbn13 == isbn13
    {
      self = recent
      return
    }
    self.init(isbn13: isbn13, title: title, author: author, pageCount: pageCount)
    guard !key.hasPrefix("\u{1F}") else { return nil }  // a title with no letter or digit
  }

  /// The members of a line's `book` that are read, named as in a line.
  private enum LineKey: Int, CaseIterable {
    case title, author, pages, isbn13

    static let written = allCases.map { Array("\($0)".utf8) }
  }

  fileprivate func write(to object: inout JSONWriter.ObjectWriter) {
    if let isbn13 { object.member("isbn13") { $0.string(isbn13) } }
    object.member("title") { $0.string(title) }
    object.member("author") { $0.string(author) }
    if let pageCount { object.member("pages") { $0.integer(pageCount) } }
  }
}

/// What the lines of a journal before the one being read said that the next most likely
/// says again: the member's id, and the book (as read, and as written).
struct ClubLineMemory {
  var member: String?
  var book: ClubBook?
  /// ``book`` as its line wrote it; empty when not known.
  var bookWritten: [UInt8] = []
}

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
  /// - Returns: The event; `nil` when the line is not one (not JSON, or a field missing).
  public init?(jsonLine line: some Collection<UInt8>) {
    var parser = JSONParser(bytes: Array(line))
    guard case .object(let fields) = try? parser.value(), (try? parser.isAtEnd()) == true,
      case .string(let member) = fields["member"], case .integer(let seq) = fields["seq"],
      seq > 0, case .string(let timeText) = fields["time"],
      let time = InterchangeDate.parse(timeText), case .string(let name) = fields["kind"]
    else { return nil }
    let book = fields["book"].flatMap(ClubBook.init(json:))
    let fraction = fields["fraction"]?.double
    let kind: Kind
    switch (name, book) {
    case ("joined", _):
      // A person is a member id: anything else (a path, a stranger's text) is no person.
      let person = fields["person"]?.string.flatMap { ClubID.isValid($0) ? $0 : nil }
      kind = .joined(name: fields["name"]?.string ?? "", person: person)
    case ("left", _): kind = .left
    case ("picked", let book?): kind = .picked(book)
    case ("progress", let book?):
      guard let fraction, (0...1).contains(fraction) else { return nil }
      let page = fields["page"]?.integer.flatMap { page in
        (0...Int64(book.pageCount ?? ClubBook.pageLimit.upperBound)).contains(page)
          ? Int(page) : nil
      }
      kind = .progress(book, fraction: fraction, page: page)
    case ("note", let book?):
      guard let text = fields["text"]?.string, let fraction else { return nil }
      kind = .note(book, text: text, fraction: min(max(fraction, 0), 1))
    case ("finished", let book?): kind = .finished(book)
    case ("abandoned", let book?): kind = .abandoned(book)
    case ("rated", let book?):
      // A rating as bookclub gives them, 0.25 to 5 in quarters, or none: anything else
      // (a negative, 1e308) is not a rating, and the line is skipped.
      let rating = fields["rating"]?.double
      if let rating, Rating(given: rating) == nil { return nil }
      kind = .rated(book, rating: rating)
    case ("picked", nil), ("progress", nil), ("note", nil), ("finished", nil),
      ("abandoned", nil), ("rated", nil):
      return nil
    default: kind = .unknown(name)
    }
    self.init(member: member, sequence: Int(seq), time: time, kind: kind)
  }
}

extension ClubBook {
  /// A journal line's `book`: `{"isbn13", "title", "author", "pages"}`.
  fileprivate init?(json: JSONValue) {
    guard case .object(let fields) = json, let title = fields["title"]?.string,
      let author = fields["author"]?.string
    else { return nil }
    // Page counts as `add` takes them; another number (negative, 2^63) is no count.
    let pages = fields["pages"]?.integer.flatMap {
      Self.pageLimit.contains(Int($0)) ? Int($0) : nil
    }
    // Only a valid ISBN-13 matches books by number; anything else is no ISBN.
    let isbn13 = fields["isbn13"]?.string.flatMap { ISBN($0)?.isbn13 }
    self.init(isbn13: isbn13, title: title, author: author, pageCount: pages)
    guard !key.hasPrefix("\u{1F}") else { return nil }  // a title with no letter or digit
  }

  fileprivate func write(to object: inout JSONWriter.ObjectWriter) {
    if let isbn13 { object.member("isbn13") { $0.string(isbn13) } }
    object.member("title") { $0.string(title) }
    object.member("author") { $0.string(author) }
    if let pageCount { object.member("pages") { $0.integer(pageCount) } }
  }
}

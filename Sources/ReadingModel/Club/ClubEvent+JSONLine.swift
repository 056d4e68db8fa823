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
      case .joined(let name): object.member("name") { $0.string(name) }
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
    guard let line = try? JSONDecoder().decode(Line.self, from: Data(line)),
      let time = InterchangeDate.parse(line.time), line.seq > 0
    else { return nil }
    let kind: Kind
    switch (line.kind, line.book.map(\.clubBook)) {
    case ("joined", _): kind = .joined(name: line.name ?? "")
    case ("left", _): kind = .left
    case ("picked", let book?): kind = .picked(book)
    case ("progress", let book?):
      guard let fraction = line.fraction, (0...1).contains(fraction) else { return nil }
      kind = .progress(book, fraction: fraction, page: line.page)
    case ("note", let book?):
      guard let text = line.text, let fraction = line.fraction else { return nil }
      kind = .note(book, text: text, fraction: min(max(fraction, 0), 1))
    case ("finished", let book?): kind = .finished(book)
    case ("abandoned", let book?): kind = .abandoned(book)
    case ("rated", let book?): kind = .rated(book, rating: line.rating)
    case ("joined", _), ("left", _), ("picked", nil), ("progress", nil), ("note", nil),
      ("finished", nil), ("abandoned", nil), ("rated", nil):
      return nil
    default: kind = .unknown(line.kind)
    }
    self.init(member: line.member, sequence: line.seq, time: time, kind: kind)
  }

  /// A journal line's fields, every one but the first four optional.
  private struct Line: Decodable {
    var member: String
    var seq: Int
    var time: String
    var kind: String
    var name: String?
    var book: BookFields?
    var fraction: Double?
    var page: Int?
    var text: String?
    var rating: Double?
  }

  private struct BookFields: Decodable {
    var isbn13: String?
    var title: String
    var author: String
    var pages: Int?

    var clubBook: ClubBook {
      ClubBook(isbn13: isbn13, title: title, author: author, pageCount: pages)
    }
  }
}

extension ClubBook {
  fileprivate func write(to object: inout JSONWriter.ObjectWriter) {
    if let isbn13 { object.member("isbn13") { $0.string(isbn13) } }
    object.member("title") { $0.string(title) }
    object.member("author") { $0.string(author) }
    if let pageCount { object.member("pages") { $0.integer(pageCount) } }
  }
}

/// A clipping's second line, `- Your Highlight on page 12 | Location 755-756 | Added on …`,
/// in any of the languages a Kindle writes: what the clipping is, its page and location,
/// when it was made, and the language the line is in.
struct KindleMetadataLine: Equatable {
  var kind: KindleClipping.Kind
  var page: String?
  var location: ClosedRange<Int>?
  var added: KindleTime?
  var language: KindleLanguage?

  /// - Returns: `nil` for a line that is no metadata line: one that does not start with a
  ///   dash, has no `|`, or names no kind of clipping in a language this reads.
  init?(_ line: some StringProtocol) {
    let text = line.trimmingWhitespace()
    guard let dash = text.first, dash == "-" || dash == "–", let bar = text.lastIndex(of: "|")
    else { return nil }
    let head = text[text.index(after: text.startIndex)..<bar].lowercased()
    guard let kind = Self.kind(of: head) else { return nil }
    self.kind = kind
    let date = text[text.index(after: bar)...]
    language = KindleLanguage(metadataLine: text.lowercased())
    page = Self.page(in: head)
    location = Self.location(in: head)
    added = KindleTime(clippingDate: date)
  }

  /// The kind by the words each language names it with: a highlight's first, since no
  /// language's highlight phrase holds a note's word.
  private static func kind(of head: String) -> KindleClipping.Kind? {
    if highlightWords.contains(where: head.contains) { return .highlight }
    if bookmarkWords.contains(where: head.contains) { return .bookmark }
    if noteWords.contains(where: head.contains) { return .note }
    return nil
  }

  private static let highlightWords = [
    "highlight", "markierung", "surlignement", "subrayado", "evidenziazione", "destaque",
    "ハイライト", "标注",
  ]
  private static let bookmarkWords = [
    "bookmark", "lesezeichen", "signet", "marcador", "segnalibro", "ブックマーク", "书签",
  ]
  private static let noteWords = ["note", "notiz", "nota", "メモ", "笔记"]

  /// The page: `on page 12`, `auf Seite 12`, `sur la page 12`, `en la página 12`,
  /// `a pagina 12`, `na página 12`, `26ページ` or `ページ222`, `第 25 页`; a roman numeral
  /// (`page xvi-xvi`) is kept as written; of a range, the first page.
  private static func page(in head: String) -> String? {
    let scalars = Array(head.unicodeScalars)
    if let at = find("ページ", in: scalars) {
      if let (value, _) = DeviceNumber.read(in: scalars, endingAt: at) { return String(value) }
      if let (value, _) = DeviceNumber.read(in: scalars, at: skipSpaces(scalars, at + 3)) {
        return String(value)
      }
    }
    if let at = find("第", in: scalars),
      let (value, _) = DeviceNumber.read(in: scalars, at: skipSpaces(scalars, at + 1))
    {
      return String(value)
    }
    for word in ["página", "pagina", "seite", "page"] {
      guard let at = find(word, in: scalars) else { continue }
      let start = skipSpaces(scalars, at + word.unicodeScalars.count)
      if let (value, _) = DeviceNumber.read(in: scalars, at: start) { return String(value) }
      let roman = scalars[start...].prefix { "ivxlcdm".unicodeScalars.contains($0) }
      if !roman.isEmpty { return String(String.UnicodeScalarView(roman)) }
    }
    return nil
  }

  /// The location: `Location 755-756`, `Loc. 143-46`, `bei Position 284`, `emplacement`,
  /// `posición`, `posizione`, `posição`, `位置No. 295-296`, `位置 #2543-2544`.
  private static func location(in head: String) -> ClosedRange<Int>? {
    let scalars = Array(head.unicodeScalars)
    for word in [
      "location", "loc.", "position", "emplacement", "posición", "posizione", "posição", "位置",
    ] {
      guard let at = find(word, in: scalars) else { continue }
      var start = skipSpaces(scalars, at + word.unicodeScalars.count)
      for filler in ["no.", "#"] where matches(filler, in: scalars, at: start) {
        start = skipSpaces(scalars, start + filler.unicodeScalars.count)
      }
      if let range = DeviceNumber.range(in: scalars, at: start) { return range }
    }
    return nil
  }

  private static func find(_ word: String, in scalars: [Unicode.Scalar]) -> Int? {
    let count = word.unicodeScalars.count
    guard scalars.count >= count else { return nil }
    return (0...(scalars.count - count)).first { matches(word, in: scalars, at: $0) }
  }

  private static func matches(_ word: String, in scalars: [Unicode.Scalar], at start: Int) -> Bool {
    let word = Array(word.unicodeScalars)
    return start + word.count <= scalars.count && Array(scalars[start..<start + word.count]) == word
  }

  private static func skipSpaces(_ scalars: [Unicode.Scalar], _ start: Int) -> Int {
    var index = start
    while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    return index
  }
}

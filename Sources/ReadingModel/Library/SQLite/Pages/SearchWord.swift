#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How `list --search` finds each word: in the title, an author or a tag.
///
/// A word of three characters or more that few books hold is found through the trigram index
/// (`book_search`), which goes straight to them. A word most books hold, or a shorter one the
/// index cannot look up, is found by reading the text in the list's own order, which stops as
/// soon as a page is full. Which one is decided per word, inside the reading transaction, by
/// asking the index for at most ``indexedLimit`` books. Tags holding the word are found among
/// the tags in use (a few, however many books have them) and then by their index.
struct SearchWord: Equatable {
  enum Text: Equatable {
    /// Through the index: an FTS5 phrase.
    case indexed(phrase: String)
    /// By reading the folded text: a `LIKE` pattern.
    case scanned(pattern: String)
  }

  var text: Text
  /// The folded tags that hold the word.
  var tags: [String]
  /// How many books the index holds the word in, when it was asked (an indexed word).
  var held: Int? = nil

  /// Above this many books, reading in order finds a page sooner than the index.
  static let indexedLimit = 5_000

  /// The condition a book meets when it holds the word, and its parameters.
  var condition: (String, [SQLiteValue?]) {
    var condition: String
    var parameters: [SQLiteValue?]
    switch text {
    case .indexed(let phrase):
      condition = "b.id IN (SELECT rowid FROM book_search WHERE book_search MATCH ?)"
      parameters = [.text(phrase)]
    case .scanned(let pattern):
      condition = "b.search_text LIKE ? ESCAPE '\\'"
      parameters = [.text(pattern)]
    }
    if !tags.isEmpty {
      let marks = Array(repeating: "?", count: tags.count).joined(separator: ", ")
      condition += " OR b.id IN (SELECT book_id FROM book_tags WHERE tag_key IN (\(marks)))"
      parameters += tags.map { .text($0) }
    }
    return ("(\(condition))", parameters)
  }
}

extension SearchWord {
  /// The words of a search, each with how it is to be found, decided on the connection of
  /// the read transaction the page is read in. `&` and `and` join the words around them and
  /// are not looked for (as imports read `&` as `and`): "crime & punishment" finds "Crime
  /// and Punishment", and the other way round.
  static func words(of search: String?, on connection: SQLiteConnection) throws
    -> [SearchWord]
  {
    let all = SearchKey.fold(search ?? "").split(separator: " ").map(String.init)
    let joined = all.filter { !Self.joiningWords.contains($0) }
    let words = joined.isEmpty ? all : joined
    guard !words.isEmpty else { return [] }
    let tagKeys = try tagKeysInUse(on: connection)
    return try words.map { word in
      let tags = tagKeys.filter { $0.contains(word) }
      guard word.count >= 3 else {
        return SearchWord(text: .scanned(pattern: "%" + escapeLike(word) + "%"), tags: tags)
      }
      // An FTS5 string: the word in double quotes, a quote in it doubled.
      let phrase = "\"" + word.replacing("\"", with: "\"\"") + "\""
      let held =
        try connection.integer(
          "SELECT count(*) FROM (SELECT 1 FROM book_search WHERE book_search MATCH ? LIMIT ?)",
          [.text(phrase), .integer(Int64(SearchWord.indexedLimit))]) ?? 0
      guard held < SearchWord.indexedLimit else {
        return SearchWord(text: .scanned(pattern: "%" + escapeLike(word) + "%"), tags: tags)
      }
      return SearchWord(text: .indexed(phrase: phrase), tags: tags, held: Int(held))
    }
  }

  /// Words that join others: `&` and `and`.
  private static let joiningWords: Set<String> = ["&", "and"]

  /// Every folded tag in use, found by stepping from one to the next through the tag index:
  /// as many lookups as there are tags, however many books have them.
  private static func tagKeysInUse(on connection: SQLiteConnection) throws -> [String] {
    var keys: [String] = []
    while let next = try connection.first(
      "SELECT tag_key FROM book_tags WHERE tag_key > ? ORDER BY tag_key LIMIT 1",
      [.text(keys.last ?? "")], { $0.text(0) })
    {
      keys.append(next)
    }
    return keys
  }

  /// `text` as a `LIKE … ESCAPE '\'` pattern matches it: `%`, `_` and `\` escaped.
  static func escapeLike(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}

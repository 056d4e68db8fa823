/// A clipping's first line, `Title (Author)`, split into the title and its authors.
struct KindleTitleLine: Equatable {
  var title: String
  var authors: [String]

  /// The author is the last balanced group of parentheses that ends the line (it may hold
  /// parentheses itself: `(Amazon (Editors))`); a title's own groups before it (`(Spanish
  /// Edition)`) stay in the title. Several authors are split at `;`, and each `Last, First`
  /// is turned round. A line that is one group, or ends in none, is all title.
  init(_ line: some StringProtocol) {
    let text = line.trimmingWhitespace()
    guard text.hasSuffix(")"), let open = Self.openingOfLastGroup(text) else {
      self.init(title: text, authors: [])
      return
    }
    let title = text[..<open].trimmingWhitespace()
    guard !title.isEmpty else {
      self.init(title: text, authors: [])
      return
    }
    let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
    let authors = inside.split(separator: ";").map { Self.firstNameFirst($0.trimmingWhitespace()) }
    self.init(title: title, authors: authors.filter { !$0.isEmpty })
  }

  init(title: String, authors: [String]) {
    self.title = title
    self.authors = authors
  }

  /// Where the group of parentheses that ends `text` opens; `nil` when they do not balance.
  private static func openingOfLastGroup(_ text: String) -> String.Index? {
    var depth = 0
    var index = text.endIndex
    while index > text.startIndex {
      index = text.index(before: index)
      switch text[index] {
      case ")": depth += 1
      case "(":
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
    }
    return nil
  }

  /// `Herbert, Frank` → `Frank Herbert`; a name with no comma, or more than one, stays.
  private static func firstNameFirst(_ name: String) -> String {
    let parts = name.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return name }
    let last = parts[0].trimmingWhitespace()
    let first = parts[1].trimmingWhitespace()
    guard !last.isEmpty, !first.isEmpty else { return name }
    return first + " " + last
  }
}

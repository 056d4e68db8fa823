/// One line of text being typed: the search, a prompt's answer.
struct TextField: Equatable, Sendable {
  var text = ""

  /// Applies an editing key: a character, a paste (its lines joined by spaces), Backspace,
  /// Ctrl-U (clear) and Ctrl-W (the last word).
  ///
  /// - Returns: Whether the key edits text; `false` leaves it to the caller.
  mutating func edit(_ key: Key) -> Bool {
    switch key {
    case .character(let character): text.append(character)
    case .paste(let pasted):
      text += pasted.split(whereSeparator: \.isNewline).joined(separator: " ")
    case .backspace: if !text.isEmpty { text.removeLast() }
    case .control("u"): text = ""
    case .control("w"):
      while text.last == " " { text.removeLast() }
      while let last = text.last, last != " " { text.removeLast() }
    default: return false
    }
    return true
  }
}

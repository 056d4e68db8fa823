/// Quoting for commands bookclub suggests, so they can be pasted into a POSIX shell.
enum ShellQuoting {
  static func quote(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:@%+=,".contains($0) }
    if safe, !word.isEmpty { return word }
    return "'" + word.replacing("'", with: "'\\''") + "'"
  }
}

extension ShellQuoting {
  /// A word as a shell hands it to completion, still quoted as typed (`the\ a`, `'the a`),
  /// read back to what it means: backslashes escape, quotes group, an open quote is fine.
  static func unquote(_ typed: String) -> String {
    var result = ""
    var quote: Character?
    var escaped = false
    for character in typed {
      if escaped {
        result.append(character)
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\", open == "\"" {
          escaped = true
        } else {
          result.append(character)
        }
      } else if character == "\\" {
        escaped = true
      } else if character == "'" || character == "\"" {
        quote = character
      } else {
        result.append(character)
      }
    }
    return result
  }
}

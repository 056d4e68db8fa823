/// Quoting for commands bookclub suggests, so they can be pasted into a POSIX shell.
enum ShellQuoting {
  static func quote(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:@%+=,".contains($0) }
    if safe, !word.isEmpty { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

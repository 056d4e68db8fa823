#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Asks the terminal itself whether it speaks the kitty graphics protocol, when its
/// environment does not say: a graphics query for a 1×1 image followed by a request for
/// the terminal's attributes, which every terminal answers. A terminal that answers the
/// query (`_Gi=31;OK`) before its attributes takes kitty images; one that answers only its
/// attributes does not. Bounded by a short wait, so a terminal that answers nothing costs
/// at most that.
enum TerminalGraphicsQuery {
  /// How long to wait for the answers, in milliseconds.
  static let wait: Int32 = 250

  static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"

  /// Whether the terminal on stdin and stdout answers the kitty graphics query.
  static func speaksKitty() -> Bool {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return false }
    guard let original = TerminalSettings.of(STDIN_FILENO) else { return false }
    original.keyByKey.apply(to: STDIN_FILENO)
    defer { original.apply(to: STDIN_FILENO) }
    _ = query.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    var answer: [UInt8] = []
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    // Until the attributes' answer ends (`c`), or the wait runs out.
    while poll(&descriptor, 1, wait) > 0 {
      var bytes = [UInt8](repeating: 0, count: 256)
      let count = read(STDIN_FILENO, &bytes, bytes.count)
      guard count > 0 else { break }
      answer += bytes[..<count]
      if let attributes = Self.range(of: Array("\u{1B}[?".utf8), in: answer),
        answer[attributes.upperBound...].contains(UInt8(ascii: "c"))
      {
        break
      }
    }
    return answers(answer)
  }

  /// Whether `answer` holds the graphics query's OK.
  static func answers(_ answer: [UInt8]) -> Bool {
    range(of: Array("\u{1B}_Gi=31;OK".utf8), in: answer) != nil
  }

  private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
    guard needle.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<start + needle.count].elementsEqual(needle) {
      return start..<start + needle.count
    }
    return nil
  }
}

extension StringMapJSON {
  /// How a walk over named members went.
  struct NamedWalk {
    /// The text was a flat object of strings (a skipped value's escapes are not checked).
    var isObject: Bool
    /// Its names came in sorted order, as bookclub writes them; when not, a wanted member
    /// may have been passed over, and the caller reads the text the long way.
    var isSorted: Bool
  }

  /// Calls `body` with each member of a flat object of strings whose name is among `names`
  /// (UTF-8, sorted by their bytes), giving the name's place there and the value. Names are
  /// compared as bytes and other members skipped, so only the wanted values become strings:
  /// the Goodreads export reads two stored objects a book this way.
  static func forEachMember(
    of text: String, named names: [[UInt8]], _ body: (Int, String) -> Void
  ) -> NamedWalk {
    var parser = Parser(bytes: Array(text.utf8))
    return parser.members(named: names, body)
  }
}

extension StringMapJSON.Parser {
  mutating func members(named names: [[UInt8]], _ body: (Int, String) -> Void)
    -> StringMapJSON.NamedWalk
  {
    var walk = StringMapJSON.NamedWalk(isObject: false, isSorted: true)
    guard take(UInt8(ascii: "{")) else { return walk }
    if take(UInt8(ascii: "}")) {
      walk.isObject = atEnd
      return walk
    }
    var next = 0
    var previous: Range<Int>?
    repeat {
      guard let (name, escaped) = stringBytes(), take(UInt8(ascii: ":")) else { return walk }
      // A name with an escape is none bookclub looks for; its order is not checked either.
      walk.isSorted = walk.isSorted && !escaped && previous.map { compare($0, name) <= 0 } ?? true
      previous = name
      while next < names.count, compare(names[next], name) < 0 { next += 1 }
      if !escaped, next < names.count, compare(names[next], name) == 0 {
        guard let value = string() else { return walk }
        body(next, value)
        next += 1
      } else {
        guard stringBytes() != nil else { return walk }
      }
    } while take(UInt8(ascii: ","))
    walk.isObject = take(UInt8(ascii: "}")) && atEnd
    return walk
  }

  /// Passes over a string: its bytes' range between the quotes, and whether it has escapes.
  private mutating func stringBytes() -> (Range<Int>, escaped: Bool)? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    var escaped = false
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return (start..<index - 1, escaped)
      case UInt8(ascii: "\\"):
        escaped = true
        index += 2  // the escaped byte, a quote included; \uXXXX's digits are plain bytes
      default:
        index += 1
      }
    }
    return nil
  }

  /// Orders two names by their bytes, as memcmp would.
  private func compare(_ left: Range<Int>, _ right: Range<Int>) -> Int {
    compare(bytes[left], bytes[right])
  }

  private func compare(_ name: [UInt8], _ range: Range<Int>) -> Int {
    compare(name[...], bytes[range])
  }

  private func compare(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>) -> Int {
    var (l, r) = (left.startIndex, right.startIndex)
    while l < left.endIndex, r < right.endIndex {
      if left[l] != right[r] { return Int(left[l]) - Int(right[r]) }
      l += 1
      r += 1
    }
    return (left.endIndex - l) - (right.endIndex - r)
  }
}

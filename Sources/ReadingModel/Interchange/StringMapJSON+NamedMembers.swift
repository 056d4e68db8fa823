extension StringMapJSON {
  /// How a walk over named members went.
  struct NamedWalk {
    /// The text was a flat object of strings (a skipped value's escapes are not checked).
    var isObject: Bool
    /// Its names came in sorted order, as bookclub writes them; when not, a wanted member
    /// may have been passed over, and the caller reads the text the long way.
    var isSorted: Bool
  }

  /// The wanted members of a flat object of strings, found as places in its text: names are
  /// compared as bytes, other members skipped, and no value is made a string until asked.
  /// The Goodreads export reads two stored objects a book this way.
  struct NamedValues {
    /// The object's text, read in place through its UTF-8 (not copied: the export reads
    /// two objects a book).
    let text: String
    /// For each wanted name, by its place among the names: where its value lies between
    /// the quotes, and whether it holds escapes; `nil` when the object has no such member.
    private(set) var spans: [(range: Range<Int>, escaped: Bool)?]
    private(set) var walk = NamedWalk(isObject: false, isSorted: true)

    /// Finds the members of `text` named by `names` (UTF-8, sorted by their bytes).
    init(of text: String, named names: [[UInt8]]) {
      self.text = text
      var found = [(range: Range<Int>, escaped: Bool)?](repeating: nil, count: names.count)
      walk = Self.withBytes(of: text) { bytes in
        var parser = Parser(bytes: bytes)
        return parser.members(named: names) { found[$0] = ($1, $2) }
      }
      spans = found
    }

    /// The value of the wanted name at `place`, decoded.
    func string(_ place: Int) -> String? {
      guard let (range, escaped) = spans[place] else { return nil }
      return Self.withBytes(of: text) { bytes in
        guard escaped else { return String(decoding: bytes[range], as: UTF8.self) }
        var parser = Parser(bytes: bytes)
        parser.index = range.lowerBound - 1  // at its opening quote
        return parser.string()
      }
    }

    /// Whether the value at `place` is `other`, byte for byte (a value with escapes is
    /// decoded first). Text equal only up to Unicode equivalence reads as different.
    func value(_ place: Int, is other: String) -> Bool {
      guard let (range, escaped) = spans[place] else { return false }
      guard escaped else {
        return Self.withBytes(of: text) { other.utf8.elementsEqual($0[range]) }
      }
      return string(place).map { Array($0.utf8) == Array(other.utf8) } ?? false
    }

    /// Appends the value at `place` as a CSV field.
    func appendCSVField(_ place: Int, to output: inout [UInt8]) {
      guard let (range, escaped) = spans[place] else { return }
      if escaped {
        CSVWriter.appendField((string(place) ?? "").utf8, to: &output)
      } else {
        Self.withBytes(of: text) { CSVWriter.appendField($0[range], to: &output) }
      }
    }

    /// Runs `body` over the UTF-8 of `text`, in place when the string keeps it contiguous
    /// (a native string always does).
    private static func withBytes<T>(
      of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T
    ) -> T {
      text.utf8.withContiguousStorageIfAvailable(body)
        ?? Array(text.utf8).withUnsafeBufferPointer(body)
    }
  }
}

extension StringMapJSON.Parser {
  /// Walks the members, handing `found` the place, value range and escapes of each wanted one.
  mutating func members(
    named names: [[UInt8]], _ found: (Int, Range<Int>, Bool) -> Void
  ) -> StringMapJSON.NamedWalk {
    var walk = StringMapJSON.NamedWalk(isObject: false, isSorted: true)
    guard take(UInt8(ascii: "{")) else { return walk }
    if take(UInt8(ascii: "}")) {
      walk.isObject = atEnd
      return walk
    }
    var next = 0
    var previous: Range<Int>?
    repeat {
      guard let (name, escaped) = stringBytes(), take(UInt8(ascii: ":")),
        let (value, valueEscaped) = stringBytes()
      else { return walk }
      // A name with an escape is none bookclub looks for; its order is not checked either.
      walk.isSorted = walk.isSorted && !escaped && previous.map { compare($0, name) <= 0 } ?? true
      previous = name
      while next < names.count, compare(names[next], name) < 0 { next += 1 }
      if !escaped, next < names.count, compare(names[next], name) == 0 {
        found(next, value, valueEscaped)
        next += 1
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
    name.withUnsafeBufferPointer { compare($0[...], bytes[range]) }
  }

  private func compare(
    _ left: Slice<UnsafeBufferPointer<UInt8>>, _ right: Slice<UnsafeBufferPointer<UInt8>>
  ) -> Int {
    var (l, r) = (left.startIndex, right.startIndex)
    while l < left.endIndex, r < right.endIndex {
      if left[l] != right[r] { return Int(left[l]) - Int(right[r]) }
      l += 1
      r += 1
    }
    return (left.endIndex - l) - (right.endIndex - r)
  }
}

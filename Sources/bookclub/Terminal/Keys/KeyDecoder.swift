/// Turns the bytes a terminal sends into ``Key``s: arrows and the editing keys in their CSI
/// (`ESC [ A`, `ESC [ 5 ~`) and SS3 (`ESC O A`) forms, with or without modifiers, bracketed
/// paste, UTF-8 text and control keys.
///
/// Bytes come in as `read` returns them, so a sequence may be cut anywhere: what is not
/// complete yet waits for the next call. Only when no more bytes are coming (the terminal
/// went quiet) does a lone `ESC` become the Escape key.
struct KeyDecoder {
  private var pending: [UInt8] = []
  /// The text of a bracketed paste in progress.
  private var pasted: [UInt8]?

  /// Whether bytes of an unfinished sequence wait for more.
  var isWaiting: Bool { !pending.isEmpty || pasted != nil }

  /// Adds bytes from the terminal and returns the keys they complete.
  ///
  /// - Parameters:
  ///   - bytes: What `read` returned.
  ///   - isComplete: Whether no more bytes are coming for now: a lone `ESC` is then the
  ///     Escape key, and a cut sequence is dropped.
  /// - Returns: The keys, in the order they were typed.
  mutating func decode(_ bytes: some Sequence<UInt8>, isComplete: Bool) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = next(at: index) else {
        // Cut short, and nothing more is coming: a lone ESC is the Escape key, any other
        // cut sequence is dropped whole. A paste waits for its end however long it takes.
        if isComplete, pasted == nil {
          if pending.count - index == 1, pending[index] == 0x1B { keys.append(.escape) }
          index = pending.count
        }
        break
      }
      index += length
      if let key { keys.append(key) }
    }
    pending.removeFirst(index)
    return keys
  }

  /// The key at `index` and the bytes it takes, a `nil` key for bytes that make none;
  /// `nil` when the bytes there are not complete yet.
  private mutating func next(at index: Int) -> (Key?, Int)? {
    if pasted != nil { return pasteByte(at: index) }
    let byte = pending[index]
    switch byte {
    case 0x1B: return escapeSequence(at: index)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x00, 0x1C...0x1F: return (.unknown, 1)
    case 0x20..<0x80: return (.character(Character(Unicode.Scalar(byte))), 1)
    default: return utf8Character(at: index)
    }
  }

  /// `ESC [ …`, `ESC O …`, or Escape followed by another key.
  private mutating func escapeSequence(at index: Int) -> (Key?, Int)? {
    guard index + 1 < pending.count else { return nil }
    switch pending[index + 1] {
    case UInt8(ascii: "["): return controlSequence(at: index)
    case UInt8(ascii: "O"):
      guard index + 2 < pending.count else { return nil }
      return (Self.finalKeys[pending[index + 2]] ?? .unknown, 3)
    default: return (.escape, 1)
    }
  }

  /// `ESC [`, parameters, intermediates, one final byte.
  private mutating func controlSequence(at index: Int) -> (Key?, Int)? {
    var end = index + 2
    while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
    guard end < pending.count else { return nil }
    let final = pending[end]
    let length = end - index + 1
    guard (0x40...0x7E).contains(final) else { return (.unknown, length) }
    let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
    // `1;5A` is Ctrl-Up: the modifiers after `;` are dropped, the key kept. A number that
    // is not one (`99999999999999999999~`, `?1~`) names no key.
    let digits = parameters.split(separator: ";", omittingEmptySubsequences: false).first ?? ""
    guard let first = digits.isEmpty ? 1 : Int(digits) else { return (.unknown, length) }
    guard final == UInt8(ascii: "~") else { return (Self.finalKeys[final] ?? .unknown, length) }
    switch first {
    case 200:
      pasted = []
      return (nil, length)
    default: return (Self.tildeKeys[first] ?? .unknown, length)
    }
  }

  /// One byte of a paste, or the end of the paste.
  private mutating func pasteByte(at index: Int) -> (Key?, Int)? {
    let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~
    if pending[index] == 0x1B {
      let available = pending[index..<min(pending.count, index + end.count)]
      guard available.elementsEqual(end.prefix(available.count)) else {
        if let count = pasted?.count, count < Self.pasteLimit { pasted?.append(0x1B) }
        return (nil, 1)
      }
      guard available.count == end.count else { return nil }
      let text = String(decoding: pasted ?? [], as: UTF8.self)
      pasted = nil
      return (.paste(text), end.count)
    }
    // A paste that never ends keeps only its first MiB: input cannot grow memory forever.
    if let count = pasted?.count, count < Self.pasteLimit { pasted?.append(pending[index]) }
    return (nil, 1)
  }

  /// The most of one paste kept.
  static let pasteLimit = 1 << 20

  /// A character of two to four UTF-8 bytes; a byte that cannot start one is dropped.
  private func utf8Character(at index: Int) -> (Key?, Int)? {
    let lead = pending[index]
    let length =
      switch lead {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 0 else { return (.unknown, 1) }
    guard index + length <= pending.count else { return nil }
    let bytes = pending[index..<(index + length)]
    guard let text = String(validating: bytes, as: UTF8.self), let character = text.first
    else { return (.unknown, 1) }
    return (.character(character), length)
  }

  /// The keys named by a final byte: `ESC [ A`, `ESC O A`, `ESC [ 1 ; 5 A`.
  private static let finalKeys: [UInt8: Key] = [
    UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
    UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
    UInt8(ascii: "Z"): .backTab,
  ]

  /// The keys named by a number before `~`: `ESC [ 5 ~` is Page Up.
  private static let tildeKeys: [Int: Key] = [
    1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
  ]
}

/// Reads entropy-coded JPEG data most significant bit first, taking out the zero byte
/// stuffed after each 0xFF, into a 64-bit buffer so a Huffman code is looked up from bits
/// already there; at a marker it stops, giving zero bits, so a scan cut short ends in an
/// error or a partial image, never a read past the data.
struct JPEGBitReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var index: Int
  /// The next bits, the first at the top.
  private var buffer: UInt64 = 0
  private var count = 0
  /// How many of the buffered bits (the last ones) are zeros given past a marker or the end.
  private var synthetic = 0
  /// The marker the data reached (`0xD0`… for a restart), if it reached one.
  private(set) var marker: UInt8?

  init(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) {
    self.bytes = bytes
    self.index = index
  }

  /// Buffers at least 57 bits: the data's, then zeros from a marker or the end on.
  @inline(__always)
  private mutating func fill() {
    while count <= 56 {
      var byte: UInt8 = 0
      if marker == nil, index < bytes.count {
        byte = bytes[index]
        if byte == 0xFF {
          let next = index + 1 < bytes.count ? bytes[index + 1] : 0xD9
          if next == 0x00 {
            index += 2
          } else {
            marker = next  // not consumed: the scan ends here
            byte = 0
            synthetic += 8
          }
        } else {
          index += 1
        }
      } else {
        synthetic += 8
      }
      buffer |= UInt64(byte) << UInt64(56 - count)
      count += 8
    }
  }

  /// The next 16 bits, not consumed, the first at the top.
  @inline(__always)
  mutating func peek16() -> Int {
    if count < 16 { fill() }
    return Int(buffer >> 48)
  }

  /// Drops `width` (at most 16) bits already peeked.
  @inline(__always)
  mutating func consume(_ width: Int) {
    buffer <<= UInt64(width)
    count -= width
    synthetic = min(synthetic, count)
  }

  /// Whether every bit of the data before the marker (or the end) has been read: what
  /// follows would be decoded from zeros that are not there. A scan cut short leaves its
  /// remaining blocks as they are, as libjpeg does (its "premature end of data"), rather
  /// than spending a decode on nothing; a whole scan never gets here with blocks left that
  /// need bits (blocks of an end-of-band run at its end read only zeros, which change nothing).
  mutating func isExhausted() -> Bool {
    if count <= 56 { fill() }
    return count <= synthetic
  }

  @inline(__always)
  mutating func bit() -> Int { bits(1) }

  /// The next `width` bits (0 to 16).
  @inline(__always)
  mutating func bits(_ width: Int) -> Int {
    guard width > 0 else { return 0 }
    if count < width { fill() }
    let value = Int(buffer >> UInt64(64 - width))
    consume(width)
    return value
  }

  /// `bits(width)` read as a signed coefficient (JPEG's EXTEND, F.2.2.1).
  @inline(__always)
  mutating func signed(_ width: Int) -> Int {
    guard width > 0 else { return 0 }
    let value = bits(width)
    return value < 1 << (width - 1) ? value - (1 << width) + 1 : value
  }

  /// Skips to the restart marker expected next and past it, dropping buffered bits.
  ///
  /// - Returns: Whether the marker was there.
  mutating func restart() -> Bool {
    buffer = 0
    count = 0
    synthetic = 0
    if marker == nil {
      // Bits left before the marker are padding: look for it.
      while index + 1 < bytes.count, !(bytes[index] == 0xFF && bytes[index + 1] != 0) {
        index += 1
      }
      guard index + 1 < bytes.count else { return false }
      marker = bytes[index + 1]
    }
    guard let found = marker, (0xD0...0xD7).contains(found) else { return false }
    index += 2
    marker = nil
    return true
  }

  /// Where the entropy-coded data starting at `index` ends: at the first marker that is
  /// not a restart (a scan not needed is skipped this way, without decoding it).
  ///
  /// - Throws: The budget's errors (checked every 64 KiB).
  static func end(of bytes: UnsafeBufferPointer<UInt8>, from index: Int, budget: DecodeBudget)
    throws(ImageError) -> Int
  {
    var at = index
    while at + 1 < bytes.count {
      if at & 0xFFFF == 0 { try budget.check() }
      if bytes[at] == 0xFF, bytes[at + 1] != 0, !(0xD0...0xD7).contains(bytes[at + 1]) {
        return at
      }
      at += 1
    }
    return bytes.count
  }
}

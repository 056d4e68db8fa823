/// Reads entropy-coded JPEG data most significant bit first, taking out the zero byte
/// stuffed after each 0xFF; at a marker it stops, giving zero bits, so a scan cut short
/// ends in an error or a partial image, never a read past the data.
struct JPEGBitReader {
  private let bytes: [UInt8]
  private(set) var index: Int
  private var buffer: UInt32 = 0
  private var count = 0
  /// The marker the data reached (`0xD0`… for a restart), if it reached one.
  private(set) var marker: UInt8?

  init(_ bytes: [UInt8], from index: Int) {
    self.bytes = bytes
    self.index = index
  }

  private mutating func fill() {
    while count <= 24 {
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
          }
        } else {
          index += 1
        }
      }
      buffer |= UInt32(byte) << UInt32(24 - count)
      count += 8
    }
  }

  mutating func bit() -> Int { bits(1) }

  /// The next `width` bits (0 to 16).
  mutating func bits(_ width: Int) -> Int {
    guard width > 0 else { return 0 }
    fill()
    let value = Int(buffer >> UInt32(32 - width))
    buffer <<= UInt32(width)
    count -= width
    return value
  }

  /// `bits(width)` read as a signed coefficient (JPEG's EXTEND, F.2.2.1).
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
}

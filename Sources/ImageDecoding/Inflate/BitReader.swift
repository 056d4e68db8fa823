/// Reads bits least significant first, as DEFLATE packs them (RFC 1951, 3.1.1).
struct BitReader {
  private let bytes: [UInt8]
  private(set) var index: Int
  private var buffer: UInt32 = 0
  private var count = 0

  init(_ bytes: [UInt8], from index: Int = 0) {
    self.bytes = bytes
    self.index = index
  }

  /// The next `width` bits (0 to 24) as a number, first bit lowest.
  ///
  /// - Throws: ``ImageError/truncated`` past the end.
  mutating func bits(_ width: Int) throws(ImageError) -> Int {
    while count < width {
      guard index < bytes.count else { throw .truncated }
      buffer |= UInt32(bytes[index]) << UInt32(count)
      index += 1
      count += 8
    }
    let value = Int(buffer & ((1 << UInt32(width)) - 1))
    buffer >>= UInt32(width)
    count -= width
    return value
  }

  /// Drops the bits left of the current byte (a stored block starts on a byte).
  mutating func alignToByte() {
    buffer = 0
    count = 0
  }

  /// The next `length` bytes, after aligning.
  mutating func bytes(_ length: Int) throws(ImageError) -> ArraySlice<UInt8> {
    guard length <= bytes.count - index else { throw .truncated }
    defer { index += length }
    return bytes[index..<index + length]
  }
}

/// Reads bits least significant first, as DEFLATE packs them (RFC 1951, 3.1.1), from a
/// 64-bit buffer refilled a byte at a time, so a Huffman code is looked up from the bits
/// already there. Past the end of the data it reads zeros, counted, and consuming one of
/// them is ``ImageError/truncated``: a lookup may peek past the end, a decode never uses it.
struct BitReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte to load into the buffer (past the end once the zeros begin).
  private var index: Int
  private var buffer: UInt64 = 0
  private var count = 0
  /// How many of the buffered bits (the highest ones) are zeros from past the end.
  private var past = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int = 0) {
    self.bytes = bytes
    self.index = index
  }

  /// Buffers at least 57 bits (all there are, and zeros after).
  @inline(__always)
  mutating func refill() {
    while count <= 56 {
      if index < bytes.count {
        buffer |= UInt64(bytes[index]) << UInt64(count)
      } else {
        past += 8
      }
      index += 1
      count += 8
    }
  }

  /// The next bits, without consuming them: at least 57 of them after ``refill()``.
  @inline(__always)
  var peek: UInt64 { buffer }

  /// Buffered bits that are really there (not zeros from past the end).
  var available: Int { count - past }

  /// Drops `width` bits the caller has used.
  ///
  /// - Throws: ``ImageError/truncated`` when some of them were past the end of the data.
  @inline(__always)
  mutating func consume(_ width: Int) throws(ImageError) {
    guard width <= count - past else { throw .truncated }
    buffer >>= UInt64(width)
    count -= width
  }

  /// The next `width` bits (0 to 32) as a number, first bit lowest.
  ///
  /// - Throws: ``ImageError/truncated`` past the end.
  @inline(__always)
  mutating func bits(_ width: Int) throws(ImageError) -> Int {
    if count < width { refill() }
    let value = Int(buffer & ((1 << UInt64(width)) - 1))
    try consume(width)
    return value
  }

  /// Drops the bits left of the current byte and gives back the whole bytes buffered, so
  /// the next read is of the byte after (a stored block and the zlib trailer start on one).
  mutating func alignToByte() {
    let spare = count - past
    index -= (spare / 8) + past / 8
    buffer = 0
    count = 0
    past = 0
  }

  /// Where the next whole byte is, after ``alignToByte()``.
  var byteIndex: Int { index }

  /// The next `length` bytes, after aligning.
  ///
  /// - Throws: ``ImageError/truncated`` when the data ends first.
  mutating func bytes(_ length: Int) throws(ImageError) -> UnsafeBufferPointer<UInt8> {
    guard length <= bytes.count - index else { throw .truncated }
    defer { index += length }
    return UnsafeBufferPointer(rebasing: bytes[index..<index + length])
  }
}

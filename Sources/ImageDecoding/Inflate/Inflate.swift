/// DEFLATE (RFC 1951) and its zlib wrapper (RFC 1950), as PNG compresses its pixels; raw
/// DEFLATE too, as zip and gzip store files (ReadingModel reads other services' backups).
public enum Inflate {
  /// Decompresses raw DEFLATE data, as a zip entry or a gzip member holds it.
  ///
  /// - Parameter size: The size the container gives for the output: a stream that would
  ///   give more is refused, and one that gives less is returned as it is (the caller
  ///   checks its size and checksum).
  /// - Throws: ``ImageError``.
  public static func raw(_ data: ArraySlice<UInt8>, size: Int) throws(ImageError) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: size)
    let written = try Array(data).withUnsafeBufferPointer { (input) throws(ImageError) -> Int in
      try output.withUnsafeMutableBufferPointer { (buffer) throws(ImageError) -> Int in
        var reader = BitReader(input)
        var inflater = Inflater(output: buffer, budget: .unlimited)
        try inflater.inflate(&reader)
        return inflater.written
      }
    }
    output.removeLast(size - written)
    return output
  }

  /// Decompresses a zlib stream, checking its header and Adler-32.
  ///
  /// - Parameter limit: The most bytes the output may have: the caller knows how many it
  ///   expects, and a stream that would give more is refused rather than followed. So
  ///   much is set aside at once (the output is written in place), so pass the size
  ///   expected, not a generous cap.
  /// - Throws: ``ImageError``.
  public static func zlib(_ data: [UInt8], limit: Int) throws(ImageError) -> [UInt8] {
    try zlib(data, limit: limit, budget: .unlimited)
  }

  /// ``zlib(_:limit:)`` within a decode's budget, checked every few thousand codes.
  static func zlib(_ data: [UInt8], limit: Int, budget: DecodeBudget) throws(ImageError)
    -> [UInt8]
  {
    guard data.count >= 6 else { throw .truncated }
    let method = data[0] & 0x0F
    let window = data[0] >> 4
    guard method == 8, window <= 7, (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0 else {
      throw .malformed("a zlib header")
    }
    guard data[1] & 0x20 == 0 else { throw .unsupported("a preset zlib dictionary") }
    // The whole output is set aside at once and written in place: the caller's limit is
    // the size it expects.
    var output = [UInt8](repeating: 0, count: limit)
    let (written, trailer) = try data.withUnsafeBufferPointer {
      (input) throws(ImageError) -> (Int, UInt32) in
      try output.withUnsafeMutableBufferPointer {
        (buffer) throws(ImageError) -> (Int, UInt32) in
        var reader = BitReader(input, from: 2)
        var inflater = Inflater(output: buffer, budget: budget)
        try inflater.inflate(&reader)
        reader.alignToByte()
        let trailer = try reader.bytes(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return (inflater.written, trailer)
      }
    }
    output.removeLast(limit - written)
    guard adler32(output) == trailer else { throw .malformed("the zlib checksum") }
    return output
  }

  /// Adler-32 of `bytes` (RFC 1950).
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { bytes in
      var a: UInt32 = 1
      var b: UInt32 = 0
      var index = 0
      while index < bytes.count {
        let end = min(index + 5552, bytes.count)  // the most bytes before the sums can overflow
        while index < end {
          a &+= UInt32(bytes[index])
          b &+= a
          index += 1
        }
        a %= 65521
        b %= 65521
      }
      return b << 16 | a
    }
  }
}

import ImageDecoding

/// A gzip file's contents (RFC 1952): one member, its header's optional fields skipped,
/// checked against its CRC-32 and size.
enum GzipFile {
  /// The most the contents may hold once unpacked.
  static let largest = 512 * 1024 * 1024

  /// Unpacks `bytes`.
  ///
  /// - Throws: ``ZipError`` for bytes that are no gzip file, or a damaged one.
  static func contents(of bytes: [UInt8]) throws(ZipError) -> [UInt8] {
    guard bytes.count >= 18, bytes[0] == 0x1F, bytes[1] == 0x8B else { throw .notZip }
    guard bytes[2] == 8 else { throw .unsupported("a gzip file packed otherwise than DEFLATE") }
    let flags = bytes[3]
    var start = 10
    if flags & 0x04 != 0 {  // extra field
      guard start + 2 <= bytes.count else { throw .damaged("its header") }
      start += 2 + Int(bytes[start]) + Int(bytes[start + 1]) << 8
    }
    for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // name, comment
      guard let end = bytes[min(start, bytes.count)...].firstIndex(of: 0) else {
        throw .damaged("its header")
      }
      start = end + 1
    }
    if flags & 0x02 != 0 { start += 2 }  // header CRC
    let end = bytes.count - 8
    guard start <= end else { throw .damaged("its header") }
    let crc = littleEndian(bytes, end)
    let size = Int(littleEndian(bytes, end + 4))
    guard size <= largest else { throw .tooLarge("the gzip file") }
    // DEFLATE expands at most about 1032 to 1: a size past that is a lie, not memory to set aside.
    guard size <= (end - start) * 1032 + 64 else { throw .damaged("its size") }
    let unpacked: [UInt8]
    do {
      unpacked = try Inflate.raw(bytes[start..<end], size: size)
    } catch {
      throw .damaged("its compressed data")
    }
    guard unpacked.count == size, CRC32.checksum(unpacked[...]) == crc else {
      throw .damaged("its compressed data")
    }
    return unpacked
  }

  private static func littleEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
      | UInt32(bytes[at + 3]) << 24
  }
}

/// A tar file's regular files by name (POSIX ustar, with its name prefix), read in place.
enum TarFile {
  /// The contents of the regular file named `name`, or `nil` when the archive has none.
  ///
  /// - Throws: ``ZipError/damaged(_:)`` for a header or a size that does not fit.
  static func file(named name: String, in bytes: [UInt8]) throws(ZipError) -> ArraySlice<UInt8>? {
    var offset = 0
    while offset + 512 <= bytes.count {
      let header = bytes[offset..<(offset + 512)]
      if header.allSatisfy({ $0 == 0 }) { return nil }  // the end
      let size = octal(header.dropFirst(124).prefix(12))
      guard let size, offset + 512 + size <= bytes.count else { throw .damaged("a tar header") }
      let type = header[offset + 156]
      var path = text(header.prefix(100))
      if header.dropFirst(257).prefix(5).elementsEqual("ustar".utf8) {
        let prefix = text(header.dropFirst(345).prefix(155))
        if !prefix.isEmpty { path = prefix + "/" + path }
      }
      if type == UInt8(ascii: "0") || type == 0, path == name || path == "./" + name {
        return bytes[(offset + 512)..<(offset + 512 + size)]
      }
      offset += 512 + (size + 511) / 512 * 512
    }
    return nil
  }

  private static func text(_ field: ArraySlice<UInt8>) -> String {
    String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
  }

  /// A size written in octal digits (blanks before them, a NUL or a blank after); `nil`
  /// for anything else: a sign, a digit past 7, more digits than a size has.
  private static func octal(_ field: ArraySlice<UInt8>) -> Int? {
    let digits = field.drop { $0 == 0x20 }.prefix { $0 != 0 && $0 != 0x20 }
    guard digits.count <= 11, digits.allSatisfy({ (0x30...0x37).contains($0) }) else {
      return nil
    }
    return digits.reduce(0) { $0 * 8 + Int($1 - 0x30) }
  }
}

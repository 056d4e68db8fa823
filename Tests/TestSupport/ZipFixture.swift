/// Zip files made here, as Openreads writes its backups: each entry stored, or "deflated"
/// as one stored DEFLATE block (a real zip reader's inflate path, with no compressor here).
public enum ZipFixture {
  /// A zip file of `entries`.
  public static func zip(_ entries: [(name: String, bytes: [UInt8])], deflated: Bool = true)
    -> [UInt8]
  {
    var output: [UInt8] = []
    var directory: [UInt8] = []
    for (name, bytes) in entries {
      let packed = deflated ? storedBlock(bytes) : bytes
      let crc = crc32(bytes)
      let offset = output.count
      let nameBytes = Array(name.utf8)
      func header(_ signature: UInt32, central: Bool) -> [UInt8] {
        var h = le32(signature)
        if central { h += le16(20) }  // made by
        h += le16(20) + le16(0) + le16(deflated ? 8 : 0) + le16(0) + le16(0x21)
        h += le32(crc) + le32(UInt32(packed.count)) + le32(UInt32(bytes.count))
        h += le16(UInt16(nameBytes.count)) + le16(0)
        if central { h += le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(offset)) }
        return h + nameBytes
      }
      output += header(0x0403_4B50, central: false) + packed
      directory += header(0x0201_4B50, central: true)
    }
    let start = output.count
    output += directory
    output += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count))
    output += le16(UInt16(entries.count)) + le32(UInt32(directory.count)) + le32(UInt32(start))
    output += le16(0)
    return output
  }

  /// A gzip file of `bytes` (one member, stored DEFLATE blocks).
  public static func gzip(_ bytes: [UInt8]) -> [UInt8] {
    [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + storedBlock(bytes) + le32(crc32(bytes))
      + le32(UInt32(bytes.count))
  }

  /// A tar file (ustar) of `files`.
  public static func tar(_ files: [(name: String, bytes: [UInt8])]) -> [UInt8] {
    var output: [UInt8] = []
    for (name, bytes) in files {
      var header = [UInt8](repeating: 0, count: 512)
      header.replaceSubrange(0..<name.utf8.count, with: name.utf8)
      func octal(_ value: Int, _ at: Int, _ width: Int) {
        let digits = Array(String(value, radix: 8).utf8)
        let padded = [UInt8](repeating: UInt8(ascii: "0"), count: width - 1 - digits.count) + digits
        header.replaceSubrange(at..<(at + width - 1), with: padded)
      }
      octal(0o644, 100, 8)
      octal(0, 108, 8)
      octal(0, 116, 8)
      octal(bytes.count, 124, 12)
      octal(0, 136, 12)
      header[156] = UInt8(ascii: "0")
      header.replaceSubrange(257..<263, with: Array("ustar\0".utf8))
      header.replaceSubrange(263..<265, with: Array("00".utf8))
      header.replaceSubrange(148..<156, with: [UInt8](repeating: 0x20, count: 8))
      let sum = header.reduce(0) { $0 + Int($1) }
      let digits = Array(String(sum, radix: 8).utf8)
      header.replaceSubrange(
        148..<155,
        with: [UInt8](repeating: UInt8(ascii: "0"), count: 6 - digits.count) + digits + [0])
      output += header + bytes
      output += [UInt8](repeating: 0, count: (512 - bytes.count % 512) % 512)
    }
    return output + [UInt8](repeating: 0, count: 1024)
  }

  /// `bytes` as raw DEFLATE: stored blocks of at most 65,535 bytes, the last one marked.
  static func storedBlock(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var start = 0
    repeat {
      let end = min(start + 65_535, bytes.count)
      let length = UInt16(end - start)
      output.append(end == bytes.count ? 1 : 0)
      output += le16(length) + le16(~length) + bytes[start..<end]
      start = end
    } while start < bytes.count
    return output
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }

  private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
  private static func le32(_ value: UInt32) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
  }
}

import ImageDecoding

/// A zip file's entries, read from its central directory: stored or deflated, each checked
/// against its CRC-32 and size. Only what an export needs: no encryption, no zip64, no
/// spanning; an entry past ``largestEntry`` is refused, however small the file.
struct ZipArchive {
  /// One file of the archive.
  struct Entry {
    var name: String
    var method: UInt16
    var compressedSize: Int
    var size: Int
    var crc: UInt32
    var localHeader: Int
  }

  /// The most one entry may hold once unpacked.
  static let largestEntry = 256 * 1024 * 1024

  let bytes: [UInt8]
  let entries: [Entry]

  /// Reads the directory of the zip file in `bytes`.
  ///
  /// - Throws: ``ZipError`` for bytes that are no zip file this reader takes.
  init(bytes: [UInt8]) throws(ZipError) {
    self.bytes = bytes
    // The end-of-directory record: its signature, within the last 64 KiB (its comment).
    let earliest = max(0, bytes.count - 22 - 65_535)
    guard bytes.count >= 22,
      let end = stride(from: bytes.count - 22, through: earliest, by: -1).first(where: {
        Self.u32(bytes, $0) == 0x0605_4B50
      })
    else { throw .notZip }
    let count = Int(Self.u16(bytes, end + 10))
    var offset = Int(Self.u32(bytes, end + 16))
    var entries: [Entry] = []
    for _ in 0..<count {
      guard offset + 46 <= bytes.count, Self.u32(bytes, offset) == 0x0201_4B50 else {
        throw .damaged("its directory")
      }
      let nameLength = Int(Self.u16(bytes, offset + 28))
      let extra = Int(Self.u16(bytes, offset + 30))
      let comment = Int(Self.u16(bytes, offset + 32))
      guard offset + 46 + nameLength <= bytes.count else { throw .damaged("its directory") }
      let flags = Self.u16(bytes, offset + 8)
      guard flags & 1 == 0 else { throw .unsupported("an encrypted entry") }
      entries.append(
        Entry(
          name: String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self),
          method: Self.u16(bytes, offset + 10), compressedSize: Int(Self.u32(bytes, offset + 20)),
          size: Int(Self.u32(bytes, offset + 24)), crc: Self.u32(bytes, offset + 16),
          localHeader: Int(Self.u32(bytes, offset + 42))))
      offset += 46 + nameLength + extra + comment
    }
    self.entries = entries
  }

  /// The entry named `name` unpacked, or `nil` when the archive has none.
  ///
  /// - Throws: ``ZipError`` for an entry that is damaged, too large or packed otherwise.
  func contents(of name: String) throws(ZipError) -> [UInt8]? {
    guard let entry = entries.first(where: { $0.name == name }) else { return nil }
    guard entry.size <= Self.largestEntry else { throw .tooLarge(name) }
    let header = entry.localHeader
    guard header + 30 <= bytes.count, Self.u32(bytes, header) == 0x0403_4B50 else {
      throw .damaged(name)
    }
    let start = header + 30 + Int(Self.u16(bytes, header + 26)) + Int(Self.u16(bytes, header + 28))
    guard start + entry.compressedSize <= bytes.count else { throw .damaged(name) }
    let packed = bytes[start..<(start + entry.compressedSize)]
    let unpacked: [UInt8]
    switch entry.method {
    case 0: unpacked = Array(packed)
    case 8:
      // DEFLATE expands at most about 1032 to 1: a size past that is a lie.
      guard entry.size <= packed.count * 1032 + 64 else { throw .damaged(name) }
      do {
        unpacked = try Inflate.raw(packed, size: entry.size)
      } catch {
        throw .damaged(name)
      }
    default: throw .unsupported("an entry packed with method \(entry.method)")
    }
    guard unpacked.count == entry.size, CRC32.checksum(unpacked[...]) == entry.crc else {
      throw .damaged(name)
    }
    return unpacked
  }

  private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    guard at + 2 <= bytes.count else { return 0 }
    return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    guard at + 4 <= bytes.count else { return 0 }
    return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
      | UInt32(bytes[at + 3]) << 24
  }
}

/// Why a zip file cannot be read.
enum ZipError: Error, Equatable {
  /// No end-of-directory record: not a zip file.
  case notZip
  /// The named part does not hold what its directory says.
  case damaged(String)
  /// An entry larger than ``ZipArchive/largestEntry``.
  case tooLarge(String)
  /// Something zip allows that this reader does not take.
  case unsupported(String)
}

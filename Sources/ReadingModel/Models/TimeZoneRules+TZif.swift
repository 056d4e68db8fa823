extension TimeZoneRules {
  /// Reads a compiled zone file (TZif, RFC 8536, as in `/usr/share/zoneinfo`): its
  /// transitions (the 64-bit ones of version 2 and later) and the rule after the last.
  ///
  /// - Returns: `nil` for bytes that are not a whole, consistent TZif file.
  init?(tzif bytes: [UInt8]) {
    var reader = TZifReader(bytes: bytes)
    guard let first = reader.header() else { return nil }
    guard first.version >= 2 else {
      guard let block = reader.block(first, timeSize: 4) else { return nil }
      self.init(block: block, rule: nil)
      return
    }
    // Version 2 repeats the data with 64-bit times after the 32-bit block, then a rule.
    guard reader.skip(first.length(timeSize: 4)), let second = reader.header(),
      let block = reader.block(second, timeSize: 8)
    else { return nil }
    self.init(block: block, rule: reader.footer())
  }

  private init(block: TZifReader.Block, rule: PosixTimeZoneRule?) {
    self.init(
      transitions: block.times, offsets: block.indices.map { block.offsets[Int($0)] },
      initialOffset: block.offsets[0], rule: rule)
  }
}

/// Reads the parts of a TZif file, refusing counts that run past its end.
private struct TZifReader {
  struct Header {
    var version: Int
    var counts: (utc: Int, standard: Int, leaps: Int, times: Int, types: Int, characters: Int)

    /// The bytes of the data block after the header.
    func length(timeSize: Int) -> Int {
      counts.times * (timeSize + 1) + counts.types * 6 + counts.characters
        + counts.leaps * (timeSize + 4) + counts.standard + counts.utc
    }
  }

  struct Block {
    var times: [Int64]
    var indices: [UInt8]
    /// Seconds east of UTC of each local time type.
    var offsets: [Int]
  }

  let bytes: [UInt8]
  var index = 0

  mutating func skip(_ count: Int) -> Bool {
    guard count <= bytes.count - index else { return false }
    index += count
    return true
  }

  mutating func header() -> Header? {
    guard bytes.count - index >= 44, bytes[index..<index + 4].elementsEqual("TZif".utf8)
    else { return nil }
    let version = bytes[index + 4] == 0 ? 1 : Int(bytes[index + 4]) - Int(UInt8(ascii: "0"))
    let counts = (0..<6).map { Int(bigEndian(at: index + 20 + $0 * 4, size: 4)) }
    index += 44
    guard (1...99).contains(version), counts.allSatisfy({ (0...1_000_000).contains($0) }),
      counts[4] >= 1
    else { return nil }
    return Header(
      version: version, counts: (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]))
  }

  mutating func block(_ header: Header, timeSize: Int) -> Block? {
    let length = header.length(timeSize: timeSize)
    guard length <= bytes.count - index else { return nil }
    let count = header.counts
    var at = index
    let times = (0..<count.times).map { i -> Int64 in
      let raw = bigEndian(at: at + i * timeSize, size: timeSize)
      // 32-bit times are signed: sign-extend.
      return timeSize == 4 ? Int64(Int32(truncatingIfNeeded: raw)) : Int64(bitPattern: raw)
    }
    at += count.times * timeSize
    let indices = Array(bytes[at..<at + count.times])
    at += count.times
    let offsets = (0..<count.types).map {
      Int(Int32(truncatingIfNeeded: bigEndian(at: at + $0 * 6, size: 4)))
    }
    index += length
    guard indices.allSatisfy({ Int($0) < count.types }),
      offsets.allSatisfy({ (-26 * 3600...26 * 3600).contains($0) }),
      zip(times, times.dropFirst()).allSatisfy({ $0 < $1 })
    else { return nil }
    return Block(times: times, indices: indices, offsets: offsets)
  }

  /// The rule between the two line feeds that end a version 2 file; `nil` when empty or
  /// not one.
  func footer() -> PosixTimeZoneRule? {
    guard index < bytes.count, bytes[index] == 0x0A,
      let end = bytes[(index + 1)...].firstIndex(of: 0x0A), end > index + 1
    else { return nil }
    return PosixTimeZoneRule(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
  }

  private func bigEndian(at offset: Int, size: Int) -> UInt64 {
    bytes[offset..<offset + size].reduce(0) { $0 << 8 | UInt64($1) }
  }
}

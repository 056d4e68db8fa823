import Foundation

/// Large images made at test time, byte by byte (nothing this size is committed): the
/// covers that once held a decode for minutes.
public enum LargeImages {
  /// A PNG of `side` × `side` 16-bit RGBA pixels, all zero: 8 bytes a pixel in a stream
  /// about 1/160 of that size (fixed Huffman codes: a literal, then matches of 258 bytes a
  /// byte back, 13 bits each). 4096 a side is 128 MiB of pixel data in 850 KB.
  public static func pngBomb(side: Int) -> [UInt8] {
    let rawSize = side * (1 + side * 8)  // each row: its filter byte (0: none) and zeros
    var bits = LSBBitWriter()
    bits.write(1, count: 1)  // the last block
    bits.write(1, count: 2)  // fixed codes
    bits.writeCode(0b0011_0000, length: 8)  // literal 0
    var left = rawSize - 1
    while left > 0 {
      let length = left >= 258 + 3 || left == 258 ? 258 : min(left, 255)
      if length == 258 {
        bits.writeCode(0b1100_0101, length: 8)  // symbol 285: length 258
      } else if length >= 3 {
        writeLength(length, into: &bits)
      } else {
        for _ in 0..<length { bits.writeCode(0b0011_0000, length: 8) }  // literals 0
        left -= length
        continue
      }
      bits.writeCode(0, length: 5)  // distance code 0: one byte back
      left -= length
    }
    bits.writeCode(0, length: 7)  // end of block (symbol 256)
    let deflate = bits.finished
    // Adler-32 of zeros: a stays 1, b adds it once a byte.
    let adler = UInt32(rawSize % 65521) << 16 | 1
    var zlib: [UInt8] = [0x78, 0x01] + deflate
    zlib += withUnsafeBytes(of: adler.bigEndian, Array.init)
    var header = [UInt8]()
    header += withUnsafeBytes(of: UInt32(side).bigEndian, Array.init)
    header += withUnsafeBytes(of: UInt32(side).bigEndian, Array.init)
    header += [16, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", zlib) + chunk("IEND", [])
  }

  /// Lengths 3 to 257 with the fixed code's length symbols and their extra bits.
  private static func writeLength(_ length: Int, into bits: inout LSBBitWriter) {
    let bases = [
      3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
      131, 163, 195, 227,
    ]
    let extra = [
      0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5,
    ]
    let index = bases.lastIndex { $0 <= length }!
    let symbol = 257 + index
    // Symbols 256–279 have 7-bit codes from 0, 280–287 8-bit codes from 0xC0.
    if symbol <= 279 {
      bits.writeCode(symbol - 256, length: 7)
    } else {
      bits.writeCode(0xC0 + symbol - 280, length: 8)
    }
    bits.write(length - bases[index], count: extra[index])
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in typed {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + typed
      + withUnsafeBytes(of: (crc ^ 0xFFFF_FFFF).bigEndian, Array.init)
  }

  /// A progressive JPEG of `side` × `side` mid-gray pixels, YCbCr 4:2:0, as a real encoder
  /// lays one out: a DC scan of all three components, then an AC scan (1–63) of each, made
  /// of end-of-band runs. 4096 a side is about 50 KB for 16 megapixels.
  public static func progressiveJPEG(side: Int) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
    let size = [UInt8(side >> 8), UInt8(side & 0xFF)]
    bytes += segment(0xC2, [8] + size + size + [3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0])
    // DC: one code, "0", for a difference of nothing. AC: EOB0…EOB14 as 4-bit codes 0…14.
    bytes += segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0])
    var counts = [UInt8](repeating: 0, count: 16)
    counts[3] = 15
    bytes += segment(0xC4, [0x10] + counts + (0..<15).map { UInt8($0 << 4) })
    let mcus = (side + 15) / 16
    bytes += segment(0xDA, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 0, 0])
    var dc = MSBBitWriter()
    for _ in 0..<mcus * mcus * 6 { dc.write(0, count: 1) }
    bytes += dc.stuffedBytes
    for (component, blocksWide) in [
      (1, (side + 7) / 8), (2, (side + 15) / 16), (3, (side + 15) / 16),
    ] {
      bytes += segment(0xDA, [1, UInt8(component), 0x00, 1, 63, 0])
      var ac = MSBBitWriter()
      var left = blocksWide * blocksWide
      while left > 0 {
        let run = min(left, 32767)
        let bits = Int.bitWidth - 1 - run.leadingZeroBitCount  // EOBn covers 2^n…2^(n+1)−1
        ac.write(bits, count: 4)
        ac.write(run - (1 << bits), count: bits)
        left -= run
      }
      bytes += ac.stuffedBytes
    }
    return bytes + [0xFF, 0xD9]
  }

  private static func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] {
    [0xFF, marker, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)] + data
  }
}

/// Bits least significant first, as DEFLATE packs them.
private struct LSBBitWriter {
  private(set) var bytes: [UInt8] = []
  private var buffer = 0
  private var count = 0

  mutating func write(_ value: Int, count width: Int) {
    for bit in 0..<width { push((value >> bit) & 1) }
  }

  /// A Huffman code, its first bit the top one of `length`.
  mutating func writeCode(_ code: Int, length: Int) {
    for bit in (0..<length).reversed() { push((code >> bit) & 1) }
  }

  private mutating func push(_ bit: Int) {
    buffer |= bit << count
    count += 1
    if count == 8 {
      bytes.append(UInt8(buffer))
      (buffer, count) = (0, 0)
    }
  }

  var finished: [UInt8] { count == 0 ? bytes : bytes + [UInt8(buffer)] }
}

/// Bits most significant first, as JPEG packs them, padded with ones and each 0xFF
/// followed by a stuffed zero.
private struct MSBBitWriter {
  private var bytes: [UInt8] = []
  private var buffer = 0
  private var count = 0

  mutating func write(_ value: Int, count width: Int) {
    for bit in (0..<width).reversed() {
      buffer = buffer << 1 | (value >> bit) & 1
      count += 1
      if count == 8 {
        bytes.append(UInt8(buffer))
        (buffer, count) = (0, 0)
      }
    }
  }

  var stuffedBytes: [UInt8] {
    var all = bytes
    if count > 0 { all.append(UInt8(buffer << (8 - count) | ((1 << (8 - count)) - 1))) }
    return all.flatMap { $0 == 0xFF ? [0xFF, 0x00] : [$0] }
  }
}

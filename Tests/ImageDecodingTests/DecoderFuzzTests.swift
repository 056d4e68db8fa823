import Foundation
import TestSupport
import Testing

@testable import ImageDecoding

/// Mutated images — bytes flipped, cut, repeated, zeroed — decode or fail with an error:
/// never a crash, a hang, or memory past the declared size's bound.
@Suite struct DecoderFuzzTests {
  static let seeds = [
    "rgb8.png", "rgb8-interlaced.png", "rgba8.png", "rgb16.png", "gray2.png", "palette4.png",
    "pillow-200x150.png", "jpeg-420.jpg", "jpeg-progressive-420.jpg", "jpeg-restart.jpg",
  ]

  @Test(arguments: 0..<10)
  func tenThousandMutatedImagesDecodeOrFailCleanly(_ seedIndex: Int) throws {
    let original = try PNGDecoderTests.bytes(Self.seeds[seedIndex])
    var random = SeededGenerator(seed: UInt64(seedIndex + 1))
    var decoded = 0
    for _ in 0..<1_100 {  // 10 × 1,100: more than 10,000 in all
      var bytes = original
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        Self.mutate(&bytes, using: &random)
      }
      // Most of the time the chunks' CRCs are made to hold again, so the damage reaches
      // the header, inflate, the filters and the samples rather than stopping at a CRC.
      if Int.random(in: 0..<4, using: &random) > 0 { Self.fixChecksums(&bytes) }
      do {
        let image = try RGBImage.decode(bytes)
        #expect(image.width <= ImageLimits.maxSide && image.height <= ImageLimits.maxSide)
        #expect(image.pixels.count == image.width * image.height * 3)
        decoded += 1
      } catch {
        // Any ImageError is a clean failure; the decoder throws nothing else.
      }
    }
    #expect(decoded < 1_100, "some mutations must break the image")
  }

  /// Raw DEFLATE streams with their zlib checks made to pass are the decoder's hardest
  /// input: random bytes must end in an error or a bounded output.
  @Test func randomDeflateStreamsStayWithinTheirLimit() {
    var random = SeededGenerator(seed: 99)
    for _ in 0..<3_000 {
      var bytes: [UInt8] = [0x78, 0x9C]
      bytes += (0..<Int.random(in: 0...200, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      if let output = try? Inflate.zlib(bytes, limit: 4096) { #expect(output.count <= 4096) }
    }
  }

  /// Recomputes the CRC of every whole chunk.
  static func fixChecksums(_ bytes: inout [UInt8]) {
    var index = 8
    while bytes.count - index >= 12 {
      let length = bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
      guard length <= bytes.count - index - 12 else { return }
      let crc = CRC32.checksum(bytes[index + 4..<index + 8 + length])
      bytes.replaceSubrange(
        index + 8 + length..<index + 12 + length,
        with: withUnsafeBytes(of: crc.bigEndian, Array.init))
      index += 12 + length
    }
  }

  static func mutate(_ bytes: inout [UInt8], using random: inout SeededGenerator) {
    guard !bytes.isEmpty else { return }
    let at = Int.random(in: 0..<bytes.count, using: &random)
    switch Int.random(in: 0..<5, using: &random) {
    case 0: bytes[at] ^= UInt8.random(in: 1...255, using: &random)
    case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...64, using: &random)))
    case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 16)], at: at)
    case 3: bytes[at] = [0x00, 0xFF, 0x7F, 0x80][Int.random(in: 0..<4, using: &random)]
    default: bytes = Array(bytes.prefix(at))
    }
  }
}

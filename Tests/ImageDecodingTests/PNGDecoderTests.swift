import Foundation
import Testing

@testable import ImageDecoding

/// Fixture images made by pypng and Pillow, each with the pixels it holds (`.rgb`, laid
/// over black where it is transparent), decoded byte for byte.
@Suite struct PNGDecoderTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  @Test(arguments: [
    "rgb8", "rgb8-interlaced", "rgba8", "rgb16", "gray8", "gray1", "gray2", "gray2-interlaced",
    "gray4", "grayalpha8", "palette4", "palette8", "pillow-200x150",
  ])
  func everyColourTypeDepthAndInterlaceDecodesToItsPixels(_ name: String) throws {
    let image = try RGBImage.decode(try Self.bytes(name + ".png"))
    let expected = try Self.bytes(name + ".rgb")
    #expect(image.pixels.count == expected.count)
    #expect(image.pixels == expected)
  }

  @Test(arguments: ["level0", "level1", "level9", "short"])
  func storedFixedAndDynamicBlocksInflate(_ name: String) throws {
    let original = try Self.bytes(name == "short" ? "inflate-short.bin" : "inflate.bin")
    let compressed = try Self.bytes("inflate-\(name).z")
    #expect(try Inflate.zlib(compressed, limit: original.count) == original)
    // One byte less room than it needs: refused, not followed.
    #expect(throws: ImageError.self) { try Inflate.zlib(compressed, limit: original.count - 1) }
  }

  @Test func aDamagedChecksumOrChunkIsAnErrorNotAnImage() throws {
    var bytes = try Self.bytes("rgb8.png")
    bytes[bytes.count - 20] ^= 0xFF  // inside the last IDAT: its CRC no longer holds
    #expect(throws: ImageError.malformed("the CRC of a PNG chunk")) { try RGBImage.decode(bytes) }
    #expect(throws: ImageError.unknownFormat) { try RGBImage.decode(Array("GIF89a".utf8)) }
    #expect(throws: ImageError.truncated) { try RGBImage.decode([0xFF, 0xD8, 0xFF]) }
    #expect(throws: ImageError.truncated) {
      try RGBImage.decode(Array(try Self.bytes("rgb8.png").prefix(60)))
    }
  }

  @Test func aDeclaredSizePastTheLimitIsRefusedBeforeAnythingIsSetAside() throws {
    var bytes = try Self.bytes("gray8.png")
    // IHDR's width: 100,000 pixels, with the CRC made to match.
    bytes.replaceSubrange(16..<20, with: [0x00, 0x01, 0x86, 0xA0])
    let crc = CRC32.checksum(bytes[12..<29])
    bytes.replaceSubrange(29..<33, with: withUnsafeBytes(of: crc.bigEndian, Array.init))
    #expect(throws: ImageError.tooLarge(width: 100_000, height: 9)) { try RGBImage.decode(bytes) }
  }

  @Test func areaAveragingKeepsTheMeanColour() throws {
    let image = try RGBImage.decode(try Self.bytes("pillow-200x150.png"))
    let small = image.scaled(toWidth: 20, height: 15)
    #expect(small.width == 20 && small.height == 15)
    // The first new pixel is the mean of the first 10×10 block.
    var sums = [0, 0, 0]
    for y in 0..<10 {
      for x in 0..<10 {
        let pixel = image.pixel(x: x, y: y)
        sums[0] += Int(pixel.red)
        sums[1] += Int(pixel.green)
        sums[2] += Int(pixel.blue)
      }
    }
    let first = small.pixel(x: 0, y: 0)
    #expect(abs(Int(first.red) - sums[0] / 100) <= 1)
    #expect(abs(Int(first.green) - sums[1] / 100) <= 1)
    #expect(abs(Int(first.blue) - sums[2] / 100) <= 1)
    // Not a whole multiple: 13 columns into 5, each a weighted share.
    let odd = try RGBImage.decode(try Self.bytes("gray8.png")).scaled(toWidth: 5, height: 3)
    #expect(odd.pixels.count == 5 * 3 * 3)
  }
}

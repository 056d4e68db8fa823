import Foundation
import Testing

@testable import ImageDecoding

/// JPEG fixtures made by Pillow (libjpeg), compared with libjpeg's own decoding of them:
/// within the rounding of the inverse DCT, and of the chroma interpolation where chroma is
/// subsampled (libjpeg's integer arithmetic against this decoder's floating point).
@Suite struct JPEGDecoderTests {
  static func difference(_ name: String) throws -> (mean: Double, max: Int) {
    let image = try RGBImage.decode(try PNGDecoderTests.bytes(name + ".jpg"))
    let expected = try PNGDecoderTests.bytes(name + ".rgb")
    #expect(image.width == 61 && image.height == 43)
    #expect(image.pixels.count == expected.count)
    let differences = zip(image.pixels, expected).map { abs(Int($0) - Int($1)) }
    return (Double(differences.reduce(0, +)) / Double(differences.count), differences.max() ?? 0)
  }

  @Test(arguments: ["jpeg-444", "jpeg-progressive-444", "jpeg-gray"])
  func fullResolutionImagesMatchWithinRounding(_ name: String) throws {
    let (mean, max) = try Self.difference(name)
    #expect(mean < 0.6, "\(name): mean \(mean)")
    #expect(max <= 3, "\(name): max \(max)")
  }

  @Test(arguments: ["jpeg-422", "jpeg-420", "jpeg-progressive-420", "jpeg-restart"])
  func subsampledImagesMatchWithinUpsampling(_ name: String) throws {
    let (mean, max) = try Self.difference(name)
    #expect(mean < 1.0, "\(name): mean \(mean)")
    #expect(max <= 12, "\(name): max \(max)")
  }

  @Test func unsupportedKindsAreSaidAndCutFilesAreErrors() throws {
    var bytes = try PNGDecoderTests.bytes("jpeg-444.jpg")
    if let frame = bytes.indices.first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) {
      bytes[frame + 1] = 0xC9  // arithmetic coding
    }
    #expect(throws: ImageError.unsupported("lossless, hierarchical or arithmetic-coded JPEG")) {
      try RGBImage.decode(bytes)
    }
    let cut = Array(try PNGDecoderTests.bytes("jpeg-444.jpg").prefix(100))
    #expect(throws: ImageError.self) { try RGBImage.decode(cut) }
  }
}

import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ImageDecoding

/// The limits of a decode: an image decoded smaller when a smaller one will do, refused
/// past its pixels, stopped past its time or when cancelled; and pixels at full size exactly
/// what they were before the decoder was made fast.
@Suite(.serialized) struct DecodeLimitTests {
  /// `jpeg-420.jpg` with its frame header claiming `side` × `side`: its data ends long
  /// before such an image would.
  static func claiming(_ side: Int) throws -> [UInt8] {
    var bytes = try PNGDecoderTests.bytes("jpeg-420.jpg")
    let frame = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    bytes.replaceSubrange(
      frame + 5..<frame + 9, with: [UInt8(side >> 8), UInt8(side & 0xFF), UInt8(side >> 8), 0])
    return bytes
  }

  /// Runs `decode` on a thread of its own (not Dispatch's, which tests running side by side
  /// keep busy), failing rather than hanging the run when it takes more than `seconds`.
  static func within(
    _ seconds: Double, _ decode: @escaping @Sendable () -> Result<RGBImage, ImageError>
  ) async throws -> Result<RGBImage, ImageError> {
    let result = Mutex<Result<RGBImage, ImageError>?>(nil)
    Thread { result.withLock { $0 = decode() } }.start()
    var guardTime = HangGuard(seconds: seconds)
    while !guardTime.hasRunOut() {
      if let finished = result.withLock({ $0 }) { return finished }
      try await Task.sleep(for: .milliseconds(10))
    }
    // A busy run may wake this poll only after the deadline: look once more before failing.
    if let finished = result.withLock({ $0 }) { return finished }
    Issue.record("the decode still ran after \(seconds) seconds")
    throw CancellationError()
  }

  @Test func aHeaderClaiming4096SquareDecodesAtAnEighthOrIsRefusedPastItsPixels() async throws {
    let bytes = try Self.claiming(4096)
    let small = try await Self.within(60) {
      Result { () throws(ImageError) in
        try RGBImage.decode(bytes, options: DecodeOptions(minimumWidth: 16, maxPixels: 4 << 20))
      }
    }
    let image = try small.get()
    #expect(image.width == 512 && image.height == 512)
    // Fewer pixels allowed than even an eighth has: refused before its data is read.
    #expect(throws: ImageError.tooLarge(width: 4096, height: 4096)) {
      try RGBImage.decode(bytes, options: DecodeOptions(maxPixels: 100_000))
    }
    // Past the decoder's own limit, whatever the options.
    #expect(throws: ImageError.tooLarge(width: 8192, height: 8192)) {
      try RGBImage.decode(try Self.claiming(8192), options: DecodeOptions(minimumWidth: 1))
    }
  }

  @Test func aHeaderClaiming4096SquareAtFullSizeStopsAtItsTimeLimit() async throws {
    let bytes = try Self.claiming(4096)
    let result = try await Self.within(60) {
      Result { () throws(ImageError) in
        try RGBImage.decode(bytes, options: DecodeOptions(timeLimit: .milliseconds(5)))
      }
    }
    #expect(throws: ImageError.tooSlow) { try result.get() }
  }

  @Test func aPNGBombIsRefusedByItsPixelsOrStoppedByItsTimeLimit() async throws {
    let bomb = LargeImages.pngBomb(side: 4096)
    #expect(bomb.count < 1 << 20)
    #expect(throws: ImageError.tooLarge(width: 4096, height: 4096)) {
      try RGBImage.decode(bomb, options: DecodeOptions(maxPixels: 4 << 20))
    }
    // Within the decoder's own limit, but not within 5 ms: inflating 128 MiB is stopped.
    let result = try await Self.within(60) {
      Result { () throws(ImageError) in
        try RGBImage.decode(bomb, options: DecodeOptions(timeLimit: .milliseconds(5)))
      }
    }
    #expect(throws: ImageError.tooSlow) { try result.get() }
  }

  @Test(arguments: ["png", "jpeg"])
  func cancellingStopsADecodeUnderWay(_ kind: String) async throws {
    let bytes = kind == "png" ? LargeImages.pngBomb(side: 4096) : try Self.claiming(4096)
    let cancellation = DecodeCancellation()
    Thread {
      Thread.sleep(forTimeInterval: 0.005)
      cancellation.cancel()
    }.start()
    let result = try await Self.within(60) {
      Result { () throws(ImageError) in
        try RGBImage.decode(bytes, options: DecodeOptions(cancellation: cancellation))
      }
    }
    // A full 4096² decode takes far longer than the 5 ms before the cancel (0.4 s and more
    // in a release build): it is stopped under way, by the checks inside its loops.
    #expect(throws: ImageError.cancelled) { try result.get() }
    let cancelled = DecodeCancellation()
    cancelled.cancel()
    #expect(throws: ImageError.cancelled) {
      try RGBImage.decode(bytes, options: DecodeOptions(cancellation: cancelled))
    }
  }

  @Test func aProgressive4096SquareJPEGDecodesAtAnEighthForACover() async throws {
    let bytes = LargeImages.progressiveJPEG(side: 4096)
    #expect(bytes.count < 100_000)
    let result = try await Self.within(60) {
      Result { () throws(ImageError) in
        try RGBImage.decode(bytes, options: DecodeOptions(minimumWidth: 160, maxPixels: 4 << 20))
      }
    }
    let image = try result.get()
    #expect(image.width == 512 && image.height == 512)
    #expect(image.pixels.allSatisfy { $0 == 128 })
    // At full size too (the same gray), when nothing limits it.
    let small = LargeImages.progressiveJPEG(side: 100)
    let full = try RGBImage.decode(small)
    #expect(full.width == 100 && full.pixels.allSatisfy { $0 == 128 })
  }

  @Test(arguments: [(1, 61, 43), (2, 31, 22), (4, 16, 11), (8, 8, 6)])
  func reducedScalesAreTheMeanOfTheFullImage(_ scale: Int, _ width: Int, _ height: Int) throws {
    for name in ["jpeg-444", "jpeg-420", "jpeg-progressive-420", "jpeg-gray"] {
      let bytes = try PNGDecoderTests.bytes(name + ".jpg")
      let full = try RGBImage.decode(bytes)
      let reduced = try RGBImage.decode(
        bytes, options: DecodeOptions(minimumWidth: (61 + scale - 1) / scale))
      #expect(reduced.width == width && reduced.height == height, "\(name)")
      // Each reduced pixel against the mean of the full pixels it stands for: the reduced
      // transform is that mean before rounding, so only rounding and chroma differ.
      var differences: [Int] = []
      for y in 0..<reduced.height {
        for x in 0..<reduced.width {
          var sums = [0, 0, 0]
          var count = 0
          for fy in y * scale..<min(43, (y + 1) * scale) {
            for fx in x * scale..<min(61, (x + 1) * scale) {
              let pixel = full.pixel(x: fx, y: fy)
              sums[0] += Int(pixel.red)
              sums[1] += Int(pixel.green)
              sums[2] += Int(pixel.blue)
              count += 1
            }
          }
          let pixel = reduced.pixel(x: x, y: y)
          for (channel, value) in [pixel.red, pixel.green, pixel.blue].enumerated() {
            differences.append(abs(Int(value) - (sums[channel] + count / 2) / count))
          }
        }
      }
      let mean = Double(differences.reduce(0, +)) / Double(differences.count)
      #expect(mean < 2.5, "\(name) at 1/\(scale): mean \(mean)")
    }
  }

  /// FNV-1a of each fixture's pixels as the decoder gave them before it was made fast
  /// (floating-point inverse DCT, per-pixel sampling, bit-at-a-time Huffman codes): the
  /// fast one gives the very same bytes.
  @Test(arguments: [
    ("jpeg-420.jpg", "82a768b74f38106f"), ("jpeg-422.jpg", "a3cefcc69188ea5"),
    ("jpeg-444.jpg", "a605dc800ec7d5e0"), ("jpeg-gray.jpg", "b6e50cc0a7ed114"),
    ("jpeg-progressive-420.jpg", "82a768b74f38106f"),
    ("jpeg-progressive-444.jpg", "a605dc800ec7d5e0"), ("jpeg-restart.jpg", "82a768b74f38106f"),
    ("pillow-200x150.png", "93ebd2569cab310d"), ("grayalpha8.png", "fbfa991c57559dd7"),
    ("palette4.png", "28a39efa5323c8d4"), ("rgb16.png", "c7eb0bc5bb962206"),
    ("gray2-interlaced.png", "50485dc39c8fc59b"), ("rgba8.png", "1026dc9c5ad4fc17"),
  ])
  func fullSizePixelsAreUnchanged(_ name: String, _ hash: String) throws {
    let image = try RGBImage.decode(try PNGDecoderTests.bytes(name))
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in image.pixels { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
    #expect(String(value, radix: 16) == hash)
  }
}

import Foundation
import TestSupport
import Testing

/// Covers that once held `show` and `cover` for minutes: a PNG bomb (4096² 16-bit RGBA
/// zeros, 850 KB) and a genuine 4096² progressive JPEG (50 KB), cached for a book. The book
/// is shown at once, with the cover at a small scale or without it and a reason.
@Suite struct CoverBombTests {
  let home = TestHome()
  static let isbn = "9780141439518"

  var terminal: [String: String] {
    home.bookclub.environment.merging([
      "TERM": "xterm-256color", "COLORTERM": "truecolor", "COLUMNS": "100",
    ]) { $1 }
  }

  /// A book whose cover in the cache is `image`, fetched just now (nothing is asked of the
  /// network), drawn in half blocks.
  func addBook(withCover image: [UInt8]) async throws {
    let added = try await home.bookclub.run(
      ["add", "Heavy Cover", "--author", "Someone", "--isbn", Self.isbn])
    try #require(added.status == 0, "\(added.stderr)")
    let set = try await home.bookclub.run(["settings", "set", "coverProtocol", "halfblocks"])
    try #require(set.status == 0, "\(set.stderr)")
    let cache = home.path(".cache/bookclub/covers")
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    try Data(image).write(to: URL(fileURLWithPath: cache + "/\(Self.isbn).img"))
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    try Data(#"{"fetched":\#(now),"missing":false}"#.utf8)
      .write(to: URL(fileURLWithPath: cache + "/\(Self.isbn).meta"))
  }

  @Test func showPrintsTheBookAtOnceAndSaysABombIsTooLarge() async throws {
    try await addBook(withCover: LargeImages.pngBomb(side: 4096))
    let session = try TerminalSession(["show", "1"], environment: terminal, rows: 40)
    try await session.waitFor("Heavy Cover", seconds: 30)
    let shown = try await session.finish()
    #expect(shown.status == 0, "\(shown.screen)")
    #expect(shown.screen.contains("by Someone"), "\(shown.screen)")
    #expect(!shown.screen.contains("▀"))
    #expect(
      shown.screen.contains("No cover: The cover is too large to decode: 4096 × 4096 pixels"),
      "\(shown.screen)")
  }

  @Test func showDrawsA4096SquareProgressiveJPEGSmallAtOnce() async throws {
    try await addBook(withCover: LargeImages.progressiveJPEG(side: 4096))
    let session = try TerminalSession(["show", "1"], environment: terminal, rows: 40)
    try await session.waitFor("Heavy Cover", seconds: 30)
    let shown = try await session.finish()
    #expect(shown.status == 0, "\(shown.screen)")
    #expect(shown.screen.contains("by Someone"), "\(shown.screen)")
    // Decoded at 1/8: a mid-gray cover. (An unoptimised build on a busy machine may pass
    // the time limit instead, which it then says.)
    #expect(
      shown.screen.contains("\u{1B}[38;2;128;128;128m\u{1B}[48;2;128;128;128m▀")
        || shown.screen.contains("No cover: The cover is too slow to decode"), "\(shown.screen)")
  }

  @Test func coverSaysABombIsTooLargeAndFails() async throws {
    try await addBook(withCover: LargeImages.pngBomb(side: 4096))
    let session = try TerminalSession(["cover", "1"], environment: terminal)
    try await session.waitFor("megapixels", seconds: 30)
    let drawn = try await session.finish()
    #expect(drawn.status == 1)
    #expect(
      drawn.screen.contains(
        "Error: The cover is too large to decode: 4096 × 4096 pixels, more than the 4 "
          + "megapixels a cover may have."), "\(drawn.screen)")
  }
}

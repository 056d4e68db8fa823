import Foundation
import ImageDecoding
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `covers fetch` given covers that once held it for minutes: a PNG bomb (4096² 16-bit RGBA
/// zeros, 130 KB) is not kept, and says why; a 1 KB JPEG whose header claims 4096² is kept,
/// being decodable at an eighth of its size; the other books' covers come all the same.
/// Against the local stand-in for Open Library only.
@Suite(.requires(.python3))
struct CoverFetchBombTests {
  let home = TestHome()
  let server: FixtureServer

  init() async throws { server = try await FixtureServer() }

  /// The stand-in's covers: a JPEG header claiming 4096², and a PNG bomb.
  static let claimingISBN = "9780000000156"
  static let bombISBN = "9780000000163"

  var environment: [String: String] {
    ["BOOKCLUB_OPENLIBRARY_URL": server.url, "BOOKCLUB_COVERS_URL": server.url]
  }

  var cache: String { home.path(".cache/bookclub/covers") }
  var stateFolder: String { home.path("state") + "/bookclub" }

  /// `jpeg-420.jpg` with its frame header claiming 4096 × 4096, as the stand-in serves it.
  static func claimingCover() throws -> [UInt8] {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../ImageDecodingTests/Fixtures/jpeg-420.jpg")
    var bytes = try [UInt8](Data(contentsOf: fixture))
    let frame = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    bytes.replaceSubrange(frame + 5..<frame + 9, with: [0x10, 0x00, 0x10, 0x00])
    return bytes
  }

  @Test func aBombIsNotKeptAndSaidAndTheOtherCoversCome() async throws {
    // The two heavy covers first: the shelf's come after them, the last in a batch of its own.
    let books = [Self.bombISBN, Self.claimingISBN] + (1...3).map(CoverFetchingTests.shelfISBN)
    for (n, isbn) in books.enumerated() {
      let added = try await home.bookclub.run(
        ["add", "Book \(n + 1)", "--author", "Someone", "--isbn", isbn],
        extraEnvironment: environment)
      try #require(added.status == 0, "\(added.stderr)")
    }

    // A guard against a hang only: the old code decoded each cover whole, for minutes.
    let run = try await runWithin(60, ["covers", "fetch", "--all"])
    #expect(!run.killed, "covers fetch was still running after 60 s")
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stdout == "4 fetched, 0 unchanged, 0 without a cover, 0 fresh in the cache.\n",
      "\(run.stdout)")
    #expect(
      run.stderr
        == "Not fetched: \(Self.bombISBN): The cover is too large to decode: 4096 × 4096 "
        + "pixels, more than the 4 megapixels a cover may have.\n"
        + "Error: 1 cover was not fetched; run it again later.\n", "\(run.stderr)")

    // Nothing of the bomb is kept but a note that it has no cover to draw, nor litter.
    let names = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
    let fetched = books.dropFirst()
    #expect(
      Set(names)
        == Set(fetched.flatMap { ["\($0).img", "\($0).meta"] } + ["\(Self.bombISBN).meta"]),
      "\(names)")
    // Told once: the next run does not fetch it again.
    let again = try await runWithin(60, ["covers", "fetch", "--all"])
    #expect(again.status == 0, "\(again.stderr)")
    // The claiming JPEG is kept as it came, and decodes at an eighth: 512², within 4 MP.
    let kept = try [UInt8](
      Data(contentsOf: URL(fileURLWithPath: cache + "/\(Self.claimingISBN).img")))
    #expect(kept == (try Self.claimingCover()))
    let small = try RGBImage.decode(
      kept, options: DecodeOptions(minimumWidth: 1, maxPixels: 4 << 20))
    #expect(small.width == 512 && small.height == 512)
  }

  /// What a run did, and whether it had to be killed for taking too long.
  struct TimedRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var killed: Bool
  }

  /// Runs bookclub, killing it (and its helpers) after `limit` seconds: a hang fails the
  /// test, never hangs it.
  private func runWithin(_ limit: Double, _ arguments: [String]) async throws -> TimedRun {
    let out = home.path("out-\(UUID().uuidString)")
    let err = home.path("err-\(UUID().uuidString)")
    let process = Process()
    process.executableURL = BookclubProcess.executable
    process.arguments = arguments
    process.environment = home.bookclub.environment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    _ = FileManager.default.createFile(atPath: out, contents: nil)
    _ = FileManager.default.createFile(atPath: err, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
    try process.run()
    let deadline = Date().addingTimeInterval(limit)
    while process.isRunning, Date() < deadline {
      try? await Task.sleep(for: .milliseconds(50))
    }
    let killed = process.isRunning
    if killed {
      kill(process.processIdentifier, SIGKILL)
      _ = await ProcessTable.waitUntilGone(stateFolder + "/fetch-", seconds: 5)
      for pid in ProcessTable.matching(stateFolder + "/fetch-") { kill(pid, SIGKILL) }
    }
    process.waitUntilExit()
    return TimedRun(
      status: process.terminationStatus,
      stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "", killed: killed)
  }
}

import Foundation
import Testing

@testable import bookclub

/// The spinner appears only for slow work, and erases itself.
@MainActor
@Suite struct SpinnerTests {
  /// Runs `work` under a spinner writing into a pipe, and returns what it wrote.
  func spun(enabled: Bool = true, _ work: @escaping (Pipe) async throws -> Void) async throws
    -> String
  {
    let pipe = Pipe()
    let output = TextOutput(descriptor: pipe.fileHandleForWriting.fileDescriptor, bufferLimit: 0)
    let spinner = Spinner(output: output, isEnabled: enabled, message: "Loading…")
    try await spinner.whileRunning { try await work(pipe) }
    try pipe.fileHandleForWriting.close()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// Whether the spinner has written anything into `pipe` yet, without reading it.
  static func hasOutput(_ pipe: Pipe) -> Bool {
    var request = pollfd(
      fd: pipe.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, 0) > 0
  }

  @Test func quickWorkShowsNothing() async throws {
    #expect(try await spun { _ in } == "")
  }

  /// Slow work is work still running when the first frame is drawn: it waits for that frame
  /// (not for a time, which a busy machine stretches) and then ends.
  @Test func slowWorkSpinsAndErasesItself() async throws {
    let text = try await spun { pipe in
      let giveUp = ContinuousClock.now + .seconds(20)
      while !Self.hasOutput(pipe) && ContinuousClock.now < giveUp {
        try await Task.sleep(for: .milliseconds(20))
      }
    }
    #expect(text.contains("Loading…"))
    #expect(text.hasSuffix("\r\u{1B}[2K"))
  }

  @Test func aSpinnerThatIsOffShowsNothing() async throws {
    #expect(
      try await spun(enabled: false) { _ in try await Task.sleep(for: .milliseconds(300)) } == "")
  }
}

import Foundation
import TestSupport
import Testing

@testable import bookclub

/// The spinner appears only for slow work, and erases itself. Its time is a clock the test
/// moves by hand: "slow" and "quick" are what the test says, however busy the machine is.
@MainActor
@Suite struct SpinnerTests {
  let clock = ManualClock()
  static let delay: Duration = .milliseconds(150)

  /// Runs `work` under a spinner writing into a pipe, and returns what it wrote.
  func spun(enabled: Bool = true, _ work: @escaping () async throws -> Void) async throws
    -> String
  {
    let pipe = Pipe()
    let output = TextOutput(descriptor: pipe.fileHandleForWriting.fileDescriptor, bufferLimit: 0)
    let spinner = Spinner(
      output: output, isEnabled: enabled, message: "Loading…", delay: Self.delay, clock: clock)
    try await spinner.whileRunning { try await work() }
    try pipe.fileHandleForWriting.close()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  @Test func quickWorkShowsNothing() async throws {
    let text = try await spun {
      // The spinner waits for its delay; the work ends just before it is over.
      try await clock.waitForSleepers()
      clock.advance(by: Self.delay - .milliseconds(1))
    }
    #expect(text == "")
  }

  @Test func slowWorkSpinsAndErasesItself() async throws {
    let text = try await spun {
      try await clock.waitForSleepers()
      clock.advance(by: Self.delay)
      // Sleeping again means a frame was drawn; then a second one.
      try await clock.waitForSleepers()
      clock.advance(by: Spinner.frameInterval)
      try await clock.waitForSleepers()
    }
    let frames = Spinner.frames
    #expect(text == "\r\(frames[0]) Loading…\r\(frames[1]) Loading…\r\u{1B}[2K")
  }

  @Test func aSpinnerThatIsOffShowsNothing() async throws {
    let text = try await spun(enabled: false) { clock.advance(by: .seconds(10)) }
    #expect(text == "")
    #expect(clock.sleeperCount == 0)
  }
}

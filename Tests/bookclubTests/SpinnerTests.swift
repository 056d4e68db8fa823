import Foundation
import Testing

@testable import bookclub

/// The spinner appears only for slow work, and erases itself.
@MainActor
@Suite struct SpinnerTests {
  /// Runs `work` under a spinner writing into a pipe, and returns what it wrote.
  func spun(enabled: Bool = true, _ work: @escaping () async throws -> Void) async throws -> String
  {
    let pipe = Pipe()
    let output = TextOutput(descriptor: pipe.fileHandleForWriting.fileDescriptor, bufferLimit: 0)
    let spinner = Spinner(output: output, isEnabled: enabled, message: "Loading…")
    try await spinner.whileRunning(work)
    try pipe.fileHandleForWriting.close()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  @Test func quickWorkShowsNothing() async throws {
    #expect(try await spun {} == "")
  }

  @Test func slowWorkSpinsAndErasesItself() async throws {
    let text = try await spun { try await Task.sleep(for: .milliseconds(450)) }
    #expect(text.contains("Loading…"))
    #expect(text.hasSuffix("\r\u{1B}[2K"))
  }

  @Test func aSpinnerThatIsOffShowsNothing() async throws {
    #expect(try await spun(enabled: false) { try await Task.sleep(for: .milliseconds(300)) } == "")
  }
}

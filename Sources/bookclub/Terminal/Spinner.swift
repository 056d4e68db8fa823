/// A spinner on stderr for slow loads: it appears only when the work takes longer than
/// `delay` and stderr is a terminal, and erases itself when the work ends.
@MainActor
struct Spinner {
  let output: TextOutput
  let isEnabled: Bool
  let message: String
  var delay: Duration = .milliseconds(150)
  /// What the delay and the frames are timed by: tests pass a clock they move by hand.
  var clock: any Clock<Duration> = ContinuousClock()

  /// How long each frame shows.
  nonisolated static let frameInterval: Duration = .milliseconds(80)

  nonisolated static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// Runs `work`, spinning while it is slow.
  func whileRunning<T>(_ work: () async throws -> T) async throws -> T {
    guard isEnabled else { return try await work() }
    let output = self.output
    let message = self.message
    let delay = self.delay
    let clock = self.clock
    // Returns whether a frame was drawn: work that ended before the first frame (on a busy
    // machine the frame's turn can come after the work) leaves nothing to erase.
    let spinning = Task { @MainActor in
      do { try await clock.sleep(for: delay) } catch { return false }
      var frame = 0
      while !Task.isCancelled {
        output.write("\r\(Self.frames[frame % Self.frames.count]) \(message)")
        output.flush()
        frame += 1
        do { try await clock.sleep(for: Self.frameInterval) } catch { break }
      }
      return frame > 0
    }
    let result: Result<T, any Error>
    do {
      result = .success(try await work())
    } catch {
      result = .failure(error)
    }
    spinning.cancel()
    if await spinning.value {
      output.write("\r\u{1B}[2K")
      output.flush()
    }
    return try result.get()
  }
}

/// Says what a recorded position means, as notices: progress that went backwards, a book
/// finished, a finished or abandoned book taken up again.
@MainActor
public final class ProgressNotices: ChangeObserver {
  private let notices: NoticeQueue

  /// - Parameter notices: Where the notices go.
  public init(notices: NoticeQueue) {
    self.notices = notices
  }

  public func changeApplied(_ change: AppliedChange) async -> [String] {
    guard case .recorded(let recorded, let request) = change.outcome,
      recorded.entry.kind == .progress
    else { return [] }
    let title = "“\(recorded.book.title)”"
    let resumed = recorded.previousStatus == .finished || recorded.previousStatus == .abandoned
    // A re-read starts again from the beginning: that is not going backwards.
    let newReading = resumed && request.reread == .reread
    if let before = recorded.previous, recorded.entry.progress < before.progress, !newReading {
      notices.push(
        "Progress went backwards, from \(Self.percent(before.progress)) to \(Self.percent(recorded.entry.progress)).",
        level: .warning)
    }
    if resumed, recorded.book.status == .reading {
      notices.push(
        newReading
          ? "\(title) was \(recorded.previousStatus.displayName); a new reading has begun."
          : "\(title) was \(recorded.previousStatus.displayName); its last reading goes on.")
    } else if recorded.previousStatus != .finished, recorded.book.status == .finished {
      notices.push("\(title) is finished. Well read!")
    }
    return []
  }

  private static func percent(_ fraction: Double) -> String {
    "\(Int((fraction * 100).rounded(.down)))%"
  }
}

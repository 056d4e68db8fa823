import Observation

/// Notices waiting to be shown, one at a time and in order: the seed's toast handler.
///
/// Code anywhere pushes; identical messages still waiting merge into one with a count. A
/// shown notice stays for `showingDuration`, then nothing is shown for `gap`, then the next
/// one comes. Time comes from an injectable clock (tests pass one they move by hand); call
/// ``update()`` to let it act.
@MainActor
@Observable
public final class NoticeQueue {
  /// The notice on screen now, if any.
  public private(set) var current: Notice?

  @ObservationIgnored private var waiting: [Notice] = []
  @ObservationIgnored private var phase: Phase = .idle
  /// Time since the queue was made, by its clock.
  @ObservationIgnored private let elapsed: @Sendable () -> Duration
  public let showingDuration: Duration
  public let gap: Duration

  private enum Phase {
    case idle
    case showing(since: Duration)
    case pausing(since: Duration)
  }

  /// A queue timed by `clock`: the continuous clock, or one a test moves by hand.
  ///
  /// - Parameters:
  ///   - showingDuration: How long each notice stays.
  ///   - gap: How long nothing is shown between two notices.
  public init(
    clock: any Clock<Duration> = ContinuousClock(),
    showingDuration: Duration = .seconds(3),
    gap: Duration = .milliseconds(300)
  ) {
    elapsed = Self.stopwatch(clock)
    self.showingDuration = showingDuration
    self.gap = gap
  }

  /// Time since now by `clock`.
  private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// Queues a message, merging it into an identical one that is still waiting.
  public func push(_ message: String, level: Notice.Level = .info) {
    if let index = waiting.firstIndex(where: { $0.message == message && $0.level == level }) {
      waiting[index].count += 1
    } else {
      waiting.append(Notice(message, level: level))
    }
    update()
  }

  /// Whether anything is shown or waiting.
  public var isEmpty: Bool { current == nil && waiting.isEmpty }

  /// Notices not yet shown, oldest first.
  public var pending: [Notice] { waiting }

  /// Moves notices along by the clock: ends a notice whose time is up, ends a gap, shows
  /// the next one.
  public func update() {
    let now = elapsed()
    while true {
      switch phase {
      case .idle:
        guard !waiting.isEmpty else { return }
        current = waiting.removeFirst()
        phase = .showing(since: now)
      case .showing(let since):
        guard now - since >= showingDuration else { return }
        current = nil
        phase = .pausing(since: since + showingDuration)
      case .pausing(let since):
        guard now - since >= gap else { return }
        phase = .idle
        if waiting.isEmpty { return }
        current = waiting.removeFirst()
        phase = .showing(since: since + gap)
      }
    }
  }

  /// Hides the current notice now; the next one follows after the gap.
  public func skipCurrent() {
    guard current != nil else { return }
    current = nil
    phase = .pausing(since: elapsed())
    update()
  }

  /// Takes every notice, the one shown first, for a program that prints them all at once
  /// when its work is done.
  public func drain() -> [Notice] {
    let all = (current.map { [$0] } ?? []) + waiting
    current = nil
    waiting = []
    phase = .idle
    return all
  }
}

import Observation
import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The event loop of `bookclub browse`: owns the terminal, takes every event from one
/// stream, lets the model act on it, and draws the frame that results.
@MainActor
final class BrowserSession {
  private let context: CommandContext
  private let model: BrowserModel
  private let input = BrowserInput()
  private var renderer: GridRenderer
  private var tickScheduled = false
  private let timings: BrowserTimings?
  /// Whether the loop is applying an event: what changes meanwhile is drawn at its end, so
  /// it sends no ``BrowserEvent/changed``.
  private var isApplyingEvent = false

  /// How often spinners turn and notices are checked while something moves.
  private static let tickInterval: Duration = .milliseconds(100)

  init(context: CommandContext, library: SQLiteLibrary) {
    self.context = context
    let notices = NoticeQueue(gap: .milliseconds(450))
    model = BrowserModel(
      library: library, notices: notices, layout: Self.measure(),
      colors: context.terminal.colorsOutput)
    let (environment, updateArtwork) = (context.environment, context.settings.updateArtwork)
    model.coverLoader = { book, fetching in
      CoverImageLoader.forBook(
        book, columns: BrowserScreen.coverColumns, environment: environment,
        fetching: fetching && updateArtwork)
    }
    model.writer.observe(
      ClubShareObserver(library: library, context: context, notices: notices, announcing: false))
    model.writer.observe(SyncSendObserver(library: library, context: context, notices: notices))
    renderer = GridRenderer(colors: context.terminal.colorsOutput)
    timings = context.environment["BOOKCLUB_BROWSE_TIMINGS"].map(BrowserTimings.init)
  }

  /// How the browser ended.
  enum Ending {
    /// The person quit.
    case quit
    /// SIGTERM.
    case terminated
    /// SIGHUP, or the terminal is gone.
    case hungUp
  }

  /// Runs until the person quits, a signal asks to end or the terminal is gone; then waits
  /// for the writes in flight (saying "Saving…" on a terminal still there), at most a
  /// little longer than a write waits for the library's lock, and puts the terminal back.
  ///
  /// - Returns: How it ended.
  func run() async -> Ending {
    guard ScreenGuard.enter() else { return .quit }
    defer {
      input.stop()
      ScreenGuard.leave()
      KeyReader.discardTypedAhead()
    }
    input.start()
    model.start()
    draw()
    let ending = await loop()
    savedEverything = await finishWrites(drawing: ending != .hungUp)
    return ending
  }

  /// Whether every write had ended when the browser did; `false` when the wait for one ran
  /// out, and it may not have been kept.
  private(set) var savedEverything = true

  /// How long ending waits for the writes in flight: the lock's timeout, and time to write
  /// on a machine that is very busy (a write that is still under way then is said).
  static let writeWait: Duration = SQLiteLibrary.lockTimeout + .seconds(30)

  /// Takes events until the browser is to end.
  private func loop() async -> Ending {
    for await event in input.events {
      if input.ending != nil {
        // Keys read before the signal were typed before it, and come before it: a prompt's
        // Enter still writes. Nothing is drawn for them, and none opens an editor or suspends.
        switch event {
        case .key(let key) where handleBeforeEnding(key): continue
        case .key: return input.ending == .terminate ? .terminated : .hungUp
        case .terminate: return .terminated
        case .hangUp: return .hungUp
        default: continue
        }
      }
      let started = ContinuousClock.now
      isApplyingEvent = true
      defer { isApplyingEvent = false }
      switch event {
      case .key(let key):
        if let ending = perform(model.handle(key)) { return ending }
      case .resize:
        model.layout = Self.measure()
        renderer.invalidate()
      case .terminate: return .terminated
      case .hangUp: return .hungUp
      case .changed: model.storeChanged()
      case .tick:
        tickScheduled = false
        model.tick += 1
        model.notices.update()
      }
      // A prompt's write that ended lets the keys typed behind it through, in order.
      while let command = model.handleHeldKey() {
        if let ending = perform(command) { return ending }
      }
      draw()
      timings?.record(event, model: model, since: started)
      scheduleTick()
    }
    return .quit
  }

  /// Does what a key asked of the event loop.
  ///
  /// - Returns: `.quit` when the key quits, else `nil`.
  private func perform(_ command: BrowserCommand) -> Ending? {
    switch command {
    case .none: break
    case .quit: return .quit
    case .suspend: suspendProcess()
    case .editDraft(let bookID, let note): editDraft(bookID: bookID, note: note)
    }
    return nil
  }

  /// A key read before a signal or hang-up, applied to the model alone.
  ///
  /// - Returns: Whether more keys may follow (this one did not quit).
  private func handleBeforeEnding(_ key: Key) -> Bool {
    model.handle(key) != .quit
  }

  /// Waits for the writes in flight, drawing "Saving…" meanwhile when `drawing`.
  ///
  /// - Returns: Whether every write ended within the wait.
  private func finishWrites(drawing: Bool) async -> Bool {
    guard !model.writes.isEmpty else { return true }
    if drawing {
      model.isSavingBeforeEnd = true
      draw()
    }
    return await model.writes.settle(within: Self.writeWait)
  }

  /// Draws the frame; a screen that cannot be written (EIO, EPIPE) is a terminal gone.
  ///
  /// The screen's values are read under observation tracking: the first change to any of
  /// them afterwards, outside an event the loop applies, sends one ``BrowserEvent/changed``,
  /// which draws again (and tracks again). So every change is drawn, and a burst of them
  /// once.
  private func draw() {
    model.notices.update()
    let screen = withObservationTracking {
      model.screen
    } onChange: { [weak self] in
      // Observed values change on the main actor only: every one is main-actor isolated.
      MainActor.assumeIsolated { self?.stateChanged() }
    }
    guard ScreenGuard.send(renderer.frame(screen.grid(model.layout))) else {
      return input.terminalGone()
    }
  }

  /// Something on screen changed: outside an event, the loop is woken to draw it.
  private func stateChanged() {
    guard !isApplyingEvent else { return }
    input.send(.changed)
  }

  private func scheduleTick() {
    guard model.needsTicks, !tickScheduled else { return }
    tickScheduled = true
    let input = self.input
    Task {
      try? await Task.sleep(for: Self.tickInterval)
      input.send(.tick)
    }
  }

  /// The terminal's size now.
  private static func measure() -> BrowserLayout {
    guard let size = TerminalSize.of(STDOUT_FILENO), size.columns > 0, size.rows > 0
    else { return BrowserLayout(width: 80, height: 24) }
    return BrowserLayout(width: size.columns, height: size.rows)
  }

  /// Hands the terminal to the person's editor on the book's draft, then takes it back;
  /// the draft is written as `progress edit` writes it, and one that cannot be is kept.
  private func editDraft(bookID: Book.ID, note: String) {
    guard let (config, draft) = model.draft(forBookWithID: bookID, note: note) else { return }
    input.pause()
    ScreenGuard.restore()
    defer {
      ScreenGuard.reenter()
      input.resume()
      renderer.invalidate()
    }
    do {
      let file = try DraftFile(text: draft, bookID: bookID)
      try Editor(environment: context.environment).edit(file.path)
      let text = try file.contents()
      do {
        try model.recordDraft(text, from: config, onBookWithID: bookID)
        file.remove()
      } catch {
        let kept = "Nothing was written. Your draft is kept at \(file.path)"
        model.notices.push("\(error.explanation) \(kept)", level: .warning)
      }
    } catch {
      model.notices.push(error.explanation, level: .warning)
    }
  }

  /// Ctrl-Z: gives the terminal back and stops, as a shell's job control expects; draws
  /// again when continued.
  private func suspendProcess() {
    input.pause()
    ScreenGuard.restore()
    raise(SIGTSTP)
    ScreenGuard.reenter()
    input.resume()
    model.layout = Self.measure()
    renderer.invalidate()
  }
}

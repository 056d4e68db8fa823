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
    model.shareWithClubs = { share in
      guard await ClubSharing.isSharing(library, context: context) else { return nil }
      let isNote = share.isNote
      return await ClubSharing.share(
        await share.kinds(), about: share.book, library: library, context: context,
        notices: notices, announcing: false, including: { !isNote || $0.sharesNotes })
    }
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

  /// Runs until the person quits, a signal asks to end or the terminal is gone.
  ///
  /// - Returns: How it ended.
  func run() async -> Ending {
    guard ScreenGuard.enter() else { return .quit }
    defer {
      input.stop()
      ScreenGuard.leave()
      KeyReader.discardTypedAhead()
    }
    let input = self.input
    model.onChange = { input.send(.changed) }
    input.start()
    model.start()
    draw()
    for await event in input.events {
      // Keys queued behind a hang-up are not worth drawing for a terminal that is gone.
      switch input.ending {
      case .terminate?: return .terminated
      case .hangUp?: return .hungUp
      default: break
      }
      let started = ContinuousClock.now
      switch event {
      case .key(let key):
        switch model.handle(key) {
        case .none: break
        case .quit: return .quit
        case .editNote(let bookID, let draft): editNote(bookID: bookID, draft: draft)
        }
        if key == .control("z") { suspendProcess() }
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
      draw()
      timings?.record(event, model: model, since: started)
      scheduleTick()
    }
    return .quit
  }

  /// Draws the frame; a screen that cannot be written (EIO, EPIPE) is a terminal gone.
  private func draw() {
    model.notices.update()
    guard ScreenGuard.send(renderer.frame(model.screen.grid(model.layout))) else {
      return input.terminalGone()
    }
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
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return BrowserLayout(width: 80, height: 24) }
    return BrowserLayout(width: Int(size.ws_col), height: Int(size.ws_row))
  }

  /// Hands the terminal to the person's editor on a note draft, then takes it back; the
  /// note is written like `note add` writes it, and a draft that cannot be is kept.
  private func editNote(bookID: Book.ID, draft: String) {
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
      file.remove()
      if text.trimmingWhitespace().isEmpty {
        model.notices.push("The note was empty; nothing was written.")
      } else {
        model.addNote(text, onBookWithID: bookID)
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

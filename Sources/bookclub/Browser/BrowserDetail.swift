import Observation
import ReadingModel

/// The detail pane's book: its ``CurrentlyReading`` (which the actions write through), the
/// report `bookclub show` prints and the book's highlights and quotes, loaded through the same ``LoadSequence`` as the
/// stores so that a load cancelled by Esc or by another book is never shown.
@MainActor
@Observable
final class BrowserDetail {
  /// How many of the latest notes the pane shows.
  static let noteCount = 5

  @ObservationIgnored let reading: CurrentlyReading
  /// The report's lines, as they load.
  private(set) var lines: DataState<[String], any Error> = .idle
  /// The first line shown, when the report is longer than the pane.
  var top = 0

  @ObservationIgnored private let library: any BookReading & ProgressReading & HighlightReading
  @ObservationIgnored private let requests = LoadSequence<Extras>()

  /// What the report needs beyond the book's progress.
  private struct Extras: Sendable {
    var changes: [StatusChange]
    var details: BookDetails
    var history: [BookEvent]
    var highlights: [Highlight]
  }

  /// - Parameters:
  ///   - reading: The book.
  ///   - shown: Lines already on screen for this book, kept while it loads again.
  init(
    reading: CurrentlyReading, library: any BookReading & ProgressReading & HighlightReading,
    shown: [String]? = nil
  ) {
    self.reading = reading
    self.library = library
    if let shown { lines = .success(shown) }
  }

  /// Loads, or loads again after a change: the lines stay on screen meanwhile.
  func load() async {
    guard !lines.isLoading else { return }
    lines.startLoading()
    await reading.load()
    switch reading.progress {
    case .failure(let error):
      lines.finish(.failure(error))
      return
    case .success: break
    default:
      lines.cancel()
      return
    }
    let (library, id) = (self.library, reading.book.id)
    let outcome = await requests.run(on: nil) {
      Extras(
        changes: try await library.statusChanges(of: id),
        details: try await library.details(of: id), history: try await library.history(of: id),
        highlights: try await library.highlights(of: id))
    }
    switch outcome {
    case .stale: return
    case .cancelled: lines.cancel()
    case .finished(let result):
      lines.finish(result.map(report))
    }
  }

  /// Stops loading; what was shown before stays.
  func cancel() {
    reading.cancel()
    if requests.cancel() || lines.isLoading { lines.cancel() }
  }

  /// What `show` prints, then every highlight and quote in book order, escaped.
  private func report(_ extras: Extras) -> [String] {
    let lines = BookReport(
      reading: reading, changes: extras.changes, details: extras.details,
      history: extras.history, highlightCount: extras.highlights.count, noteCount: Self.noteCount
    ).lines(colors: false)
    guard !extras.highlights.isEmpty else { return lines }
    return lines + ["", "Highlights and quotes, in book order:"]
      + extras.highlights.flatMap(HighlightReport.lines)
  }
}

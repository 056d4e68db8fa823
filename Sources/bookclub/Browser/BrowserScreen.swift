import ImageDecoding
import ReadingModel

/// What the browser shows, as values: the stores' states and the person's place in them.
///
/// ``grid(_:)`` is a pure function of these values and the layout, so every state of both
/// state machines can be drawn and checked in a test without a terminal.
struct BrowserScreen {
  /// The list shown: the settled query's store state.
  var list: PagingDataState<[ListedBook], any Error> = .idle
  /// How many books match in all, when counted.
  var total: Int?
  /// Whether a page is known to follow the books loaded.
  var morePages = false
  /// A new query (search, tab, sort) is in flight; the list shown is the last settled one.
  var isQueryPending = false
  var tab: BrowserTab = .all
  var sort: BookSort = .id
  /// The sort's order the other way round (`S`).
  var reversed = false
  /// `G` is loading the pages up to the last book.
  var isSeekingEnd = false
  /// The search applied, or being typed.
  var search: String?
  /// Whether keys go to the search field.
  var isEditingSearch = false
  /// The series the list is narrowed to.
  var series: String?
  /// The highlighted row, an index into the list.
  var cursor = 0
  /// The first row shown.
  var top = 0
  /// The open book's report, while the detail pane is shown.
  var detail: DataState<[String], any Error>?
  /// The first line of the detail shown.
  var detailTop = 0
  /// The open book's cover, scaled to ``BrowserScreen/coverColumns`` pixels wide, when it
  /// has loaded.
  var cover: RGBImage?
  var prompt: BrowserPrompt?
  var notice: Notice?
  /// The browser is ending and waits for its writes.
  var isSaving = false
  var showsHelp = false
  /// The help's first line shown, when it scrolls.
  var helpTop = 0
  /// Advances the spinner.
  var tick = 0
  var colors = true

  /// Draws the screen.
  ///
  /// - Parameter layout: The terminal's size.
  /// - Returns: Every cell of the frame.
  func grid(_ layout: BrowserLayout) -> Grid {
    var grid = Grid(width: layout.width, height: layout.height)
    if layout.isTooSmall {
      let message =
        "Make the terminal at least \(BrowserLayout.minimumWidth)×"
        + "\(BrowserLayout.minimumHeight) (q quits)"
      for (row, line) in Self.wrapped(message, width: layout.width).prefix(layout.height)
        .enumerated()
      {
        grid.write(line, row: row, column: 0)
      }
      return grid
    }
    drawTabs(&grid, layout)
    if let detail {
      drawDetail(detail, &grid, layout)
    } else {
      drawSubtitle(&grid, layout)
      drawLibrary(&grid, layout)
    }
    drawStatusLine(&grid, layout)
    if showsHelp { drawHelp(&grid, layout) }
    return grid
  }

  /// `text` in lines of at most `width` columns, broken between words (a word wider than a
  /// line is cut by the grid).
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, DisplayWidth.of(line) + 1 + DisplayWidth.of(word) > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + [line]
  }

  /// The spinner's current frame.
  var spinner: String { Spinner.frames[tick % Spinner.frames.count] }

  /// A style, without colour when colours are off.
  func style(_ style: CellStyle) -> CellStyle { colors ? style : style.withoutColor }
}

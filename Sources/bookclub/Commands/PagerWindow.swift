/// Which rows of a list the pager shows. Redrawing in place (on the alternate screen),
/// every move shows one page under its header. Printing into the terminal's scrollback
/// (a page taller than the terminal), going forward adds rows under those on screen, and
/// going back prints an earlier page again, under its own header.
struct PagerWindow {
  /// What a key asks of the pager.
  enum Move: Equatable {
    case next, previous, first, last

    /// The move a key asks for; `nil` for a key that is not a move.
    init?(_ key: Key) {
      switch key {
      case .character(" "), .enter, .down, .pageDown, .character("j"), .character("f"):
        self = .next
      case .up, .pageUp, .character("b"), .character("k"): self = .previous
      case .home, .character("g"): self = .first
      case .end, .character("G"): self = .last
      default: return nil
      }
    }

    /// Whether a key ends the pager: `q`, Escape, Ctrl-D.
    static func quits(_ key: Key) -> Bool {
      [.character("q"), .character("Q"), .escape, .control("d")].contains(key)
    }
  }

  /// Rows, by index in the loaded list, to print next, and whether under a header.
  struct Shown: Equatable {
    let rows: Range<Int>
    let withHeader: Bool
  }

  let pageSize: Int
  /// The rows printed last.
  private(set) var window = 0..<0
  /// The rows printed since the last jump: what the terminal shows, in one run.
  private(set) var onScreen = 0..<0
  /// The first row of the next window.
  private var start = 0
  /// Whether to go on to the end without asking.
  private(set) var showsAll = false
  /// Whether each window replaces the one before (the alternate screen) rather than
  /// following it.
  var redrawsInPlace = false

  init(pageSize: Int) {
    self.pageSize = max(1, pageSize)
  }

  /// The rows to print now, `nil` when the window is already on screen.
  ///
  /// - Parameter available: How many rows are loaded.
  mutating func show(available: Int) -> Shown? {
    let rows = min(start, available)..<min(start + pageSize, available)
    guard !rows.isEmpty, rows != window else { return nil }
    let continues = rows.lowerBound == window.upperBound && !window.isEmpty && !redrawsInPlace
    onScreen = continues ? onScreen.lowerBound..<rows.upperBound : rows
    window = rows
    return Shown(rows: rows, withHeader: !continues)
  }

  /// Moves the window.
  mutating func apply(_ move: Move) {
    switch move {
    case .next: start = window.upperBound
    case .previous: start = max(0, window.lowerBound - pageSize)
    case .first: start = 0
    case .last:
      showsAll = true
      if !window.isEmpty { start = window.upperBound }  // after reprint(): from its start
    }
  }

  /// Prints the window on screen again from its first row: it is printed anew under its
  /// header, after the pager left the alternate screen.
  mutating func reprint() {
    start = window.lowerBound
    window = 0..<0
  }

  /// Whether the next window needs rows past the `available` loaded ones.
  func needsMore(available: Int) -> Bool { start + pageSize > available }
}

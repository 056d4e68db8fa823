/// Where the browser's parts go on a screen of a given size: the tabs on the first row, the
/// search or column titles on the second, the status line on the last, the pane between.
struct BrowserLayout: Equatable, Sendable {
  /// The smallest screen the browser draws on; smaller, it says so and waits for a resize.
  /// 42 columns hold the six tabs' words (``BrowserScreen/drawTabs(_:_:)``).
  static let minimumWidth = 42
  static let minimumHeight = 12

  let width: Int
  let height: Int

  var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

  /// The rows of the pane between the title rows and the status line.
  var pane: Range<Int> { 2..<max(2, height - 1) }

  /// The row of the status line (notices, prompts, position).
  var statusRow: Int { height - 1 }

  /// How many book rows the library pane shows, with or without a banner above them.
  func listRows(withBanner: Bool) -> Int { max(1, pane.count - (withBanner ? 1 : 0)) }
}

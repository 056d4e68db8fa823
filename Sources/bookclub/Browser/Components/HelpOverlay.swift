import Observation

/// The help overlay: every key of ``BrowserKeyMap``, in a box over the screen. While shown,
/// it takes every key: its own scroll the box when its lines do not fit, any other closes it,
/// and the key that quits the list also quits.
@MainActor
@Observable
final class HelpOverlay: BrowserComponent {
  /// Whether the overlay is on screen.
  private(set) var isShown = false
  /// The first line shown, when the lines do not fit.
  private(set) var top = 0

  /// Puts the overlay on screen, from its first line.
  func show() {
    isShown = true
    top = 0
  }

  /// Scrolls on the overlay's keys, else closes it, asking to quit on the list's quit key.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: `.passed` while the overlay is not shown.
  func handle(_ key: Key) -> Handled {
    guard isShown else { return .passed }
    switch BrowserKeyMap.action(for: key, in: .help) {
    case .help(.scrollDown):
      top += 1
      return .handled(.help(.scrollDown))
    case .help(.scrollUp):
      top = max(0, top - 1)
      return .handled(.help(.scrollUp))
    default:
      isShown = false
      let quit = BrowserAction.app(.quit)
      return BrowserKeyMap.action(for: key, in: .list) == quit ? .request(quit) : .handled(nil)
    }
  }
}

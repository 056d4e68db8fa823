import Observation

/// The help overlay: every key of ``BrowserKeyMap``, in a box over the pane. While shown, it
/// takes every key: any key closes it, and the key that quits the list also quits.
@MainActor
@Observable
final class HelpOverlay: BrowserComponent {
  /// Whether the overlay is on screen.
  private(set) var isShown = false

  /// Puts the overlay on screen.
  func show() {
    isShown = true
  }

  /// Closes the overlay on any key, asking to quit on the list's quit key.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: `.passed` while the overlay is not shown.
  func handle(_ key: Key) -> Handled {
    guard isShown else { return .passed }
    isShown = false
    let quit = BrowserAction.app(.quit)
    return BrowserKeyMap.action(for: key, in: .list) == quit ? .request(quit) : .handled(nil)
  }
}

/// A part of the browser that takes keys: the help overlay, the prompt, the detail pane,
/// the library pane, and the model behind them all.
@MainActor
protocol BrowserComponent: AnyObject {
  /// Takes the key if it is this component's, else passes it on.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: What was done with it.
  func handle(_ key: Key) -> Handled
}

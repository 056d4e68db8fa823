/// The actions on a book, last in line: a key that no part before took, and that the table
/// binds in its `book` section, asks the model, which acts on the open book, else the
/// highlighted one (the action spans the panes: it writes, updates the row and the detail).
@MainActor
final class BookKeys: BrowserComponent {
  /// Asks for the book action the key is bound to.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: `.passed` for a key the `book` section does not bind.
  func handle(_ key: Key) -> Handled {
    guard let action = BrowserKeyMap.action(for: key, in: .book) else { return .passed }
    return .request(action)
  }
}

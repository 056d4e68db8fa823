extension BrowserAction {
  /// The action, when it is the model's own.
  var app: App? {
    if case .app(let action) = self { return action }
    return nil
  }

  /// The action, when the library pane does it.
  var library: Library? {
    if case .library(let action) = self { return action }
    return nil
  }

  /// The action, when the search field does it.
  var search: Search? {
    if case .search(let action) = self { return action }
    return nil
  }

  /// The action, when the detail pane does it.
  var detail: Detail? {
    if case .detail(let action) = self { return action }
    return nil
  }

  /// The action, when it acts on a book.
  var book: Book? {
    if case .book(let action) = self { return action }
    return nil
  }

  /// The action, when the prompt does it.
  var prompt: Prompt? {
    if case .prompt(let action) = self { return action }
    return nil
  }
}

import ReadingModel

/// The keys of the library pane, as ``BrowserKeyMap`` binds them in its `list` and `search`
/// sections.
extension LibraryPane {
  /// Takes the list's keys, asking the model for those that reach past the pane (open a
  /// book, help, quit); while the search is typed, takes every key.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: What was done with it.
  func handle(_ key: Key) -> Handled {
    if isEditingSearch { return handleSearchKey(key) }
    guard let action = BrowserKeyMap.action(for: key, in: .list) else { return .passed }
    guard let own = action.library else { return .request(action) }
    perform(own)
    return .handled(action)
  }

  /// The search field takes every key: its own, and text for the search.
  private func handleSearchKey(_ key: Key) -> Handled {
    guard let action = BrowserKeyMap.action(for: key, in: .search)?.search else {
      editSearch(key)
      return .handled(nil)
    }
    switch action {
    case .done: endSearch()
    case .cancel:
      // However far the search's query got: the same key leaves the same list.
      _ = cancelInFlight()
      clearSearch()
    case .up: move(by: -1)
    case .down: move(by: 1)
    }
    return .handled(.search(action))
  }

  private func perform(_ action: BrowserAction.Library) {
    switch action {
    case .up: move(by: -1)
    case .down: move(by: 1)
    case .pageUp: move(by: -listRows)
    case .pageDown: move(by: listRows)
    case .first: move(by: -cursor)
    case .last: moveToLast()
    case .tab(let tab): select(tab)
    case .nextTab: select(tab.next)
    case .previousTab: select(tab.previous)
    case .sort: cycleSort()
    case .reverseSort: reverseSort()
    case .search: beginSearch()
    case .refresh: refresh()
    case .escape: escape()
    }
  }

  /// Esc in the list: cancels what is in flight, else dismisses the notice, else clears
  /// the search.
  private func escape() {
    if cancelInFlight() { return }
    if notices.current != nil {
      notices.skipCurrent()
    } else {
      clearSearch()
    }
  }
}

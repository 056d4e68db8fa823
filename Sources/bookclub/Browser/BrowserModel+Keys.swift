import ReadingModel

extension BrowserModel {
  /// Applies a key: Ctrl-C and Ctrl-Z at once; while a prompt's write is in flight, other
  /// keys wait for it, and `u` or `U` waits for every write in flight (what it takes back
  /// is the change made last, so that change must have been made); else down the line of
  /// components (``dispatch(_:)``).
  ///
  /// - Returns: What the event loop must do.
  func handle(_ key: Key) -> BrowserCommand {
    let isAnywhere = BrowserKeyMap.action(for: key, in: .anywhere) != nil
    if !isAnywhere, !heldKeys.isEmpty || mustWait(key) {
      heldKeys.append(key)
      return .none
    }
    return dispatch(key).command
  }

  /// Handles the oldest key held behind a write, once the write it waits for has ended.
  ///
  /// - Returns: What the event loop must do, or `nil` while the write is in flight or no
  ///   key waits.
  func handleHeldKey() -> BrowserCommand? {
    guard let next = heldKeys.first, !mustWait(next) else { return nil }
    return dispatch(heldKeys.removeFirst()).command
  }

  /// Whether `key` must wait for a write in flight before it is handled.
  private func mustWait(_ key: Key) -> Bool {
    if promptLine.prompt?.isSaving == true { return true }
    let action = BrowserKeyMap.action(for: key, in: .book)
    return (action == .book(.undo) || action == .book(.redo)) && !writes.isEmpty
  }

  /// Gives the key to each component in ``focusChain`` until one takes it, then does what
  /// that one asked of the model, if anything.
  ///
  /// - Returns: What the event loop must do, and the action the key did (`nil` for text
  ///   typed, a key an overlay swallowed, or a key nothing binds).
  func dispatch(_ key: Key) -> (command: BrowserCommand, action: BrowserAction?) {
    if let action = BrowserKeyMap.action(for: key, in: .anywhere) {
      return (perform(action), action)
    }
    for component in focusChain {
      switch component.handle(key) {
      case .passed: continue
      case .handled(let action): return (.none, action)
      case .request(let action): return (perform(action), action)
      }
    }
    return (.none, nil)
  }

  /// Does what a component asked of the model.
  private func perform(_ action: BrowserAction) -> BrowserCommand {
    switch action {
    case .app(let action): return perform(action)
    case .book(let action): return perform(action)
    case .prompt(let action): return perform(action)
    case .library, .search, .detail, .help: return .none  // the panes do their own
    }
  }

  private func perform(_ action: BrowserAction.App) -> BrowserCommand {
    switch action {
    case .quit: return .quit
    case .suspend: return .suspend
    case .help: help.show()
    case .openBook: openDetail()
    }
    return .none
  }

  private func perform(_ action: BrowserAction.Book) -> BrowserCommand {
    switch action {
    case .progress: ask(.progress)
    case .note: ask(.note)
    case .tag: ask(.tag)
    case .rate: ask(.rate)
    case .finish: setStatus(.finished)
    case .abandon: setStatus(.abandoned)
    case .pause: setStatus(.paused)
    case .queue: queue(.last)
    case .unqueue: queue(.out)
    case .moveUp: moveInQueue(by: -1)
    case .moveDown: moveInQueue(by: 1)
    case .series: toggleSeries()
    case .undo: undoLastChange()
    case .redo: redoLastUndone()
    case .noteInEditor:
      if let book = target { return .editDraft(bookID: book.id, note: "") }
    }
    return .none
  }

  private func perform(_ action: BrowserAction.Prompt) -> BrowserCommand {
    switch action {
    case .submit: submitPrompt()
    case .answer(let character): answer(character)
    case .cancel: promptLine.prompt = nil
    case .editor:
      guard let prompt = promptLine.prompt else { break }
      promptLine.prompt = nil
      return .editDraft(bookID: prompt.bookID, note: prompt.text)
    }
    return .none
  }
}

import ReadingModel

/// What the event loop must do after a key: most keys only change the model.
enum BrowserCommand: Equatable {
  case none
  case quit
  /// Suspend the screen and open the person's editor on a note for the book.
  case editNote(bookID: Int64, draft: String)
}

extension BrowserModel {
  /// Applies a key where it belongs: the help, the prompt, the search, the detail pane, the
  /// list, in that order.
  ///
  /// - Returns: What the event loop must do.
  func handle(_ key: Key) -> BrowserCommand {
    if key == .control("c") { return .quit }
    if prompt?.isSaving == true || !heldKeys.isEmpty {
      heldKeys.append(key)
      return .none
    }
    return apply(key)
  }

  /// Handles the oldest key held behind a prompt's write, once that write has ended.
  ///
  /// - Returns: What the event loop must do, or `nil` while the write is in flight or no
  ///   key waits.
  func handleHeldKey() -> BrowserCommand? {
    guard prompt?.isSaving != true, !heldKeys.isEmpty else { return nil }
    return apply(heldKeys.removeFirst())
  }

  private func apply(_ key: Key) -> BrowserCommand {
    if showsHelp {
      showsHelp = false  // any key closes it
      return key == .character("q") ? .quit : .none
    }
    if prompt != nil { return handlePromptKey(key) }
    if isEditingSearch {
      handleSearchKey(key)
      return .none
    }
    if detail != nil, handleDetailKey(key) { return .none }
    return handleListKey(key)
  }

  private func handlePromptKey(_ key: Key) -> BrowserCommand {
    guard var prompt else { return .none }
    switch key {
    case .escape: self.prompt = nil
    case .enter where !prompt.isChoice: submitPrompt()
    case .character(let character) where prompt.isChoice: answer(character)
    case .control("e") where prompt.purpose == .note:
      self.prompt = nil
      return .editNote(bookID: prompt.bookID, draft: prompt.text)
    default:
      if !prompt.isChoice, prompt.edit(key) { self.prompt = prompt }
    }
    return .none
  }

  private func handleSearchKey(_ key: Key) {
    switch key {
    case .enter: endSearch()
    case .escape:
      if !cancelInFlight() { clearSearch() }
      endSearch()
    case .up: move(by: -1)
    case .down: move(by: 1)
    default: editSearch(key)
    }
  }

  /// Keys of the detail pane; `false` for keys it leaves to the list (the actions).
  private func handleDetailKey(_ key: Key) -> Bool {
    guard let detail else { return false }
    switch key {
    case .up, .character("k"): detail.top = max(0, detail.top - 1)
    case .down, .character("j"): detail.top += 1
    case .character("r"):
      Task {
        await detail.load()
        self.onChange()
      }
    case .escape:
      if detail.lines.isLoading {
        detail.cancel()
      } else if notices.current != nil {
        notices.skipCurrent()
      } else {
        closeDetail()
      }
    case .enter, .left, .backspace, .character("h"): closeDetail()
    default: return false
    }
    return true
  }

  private func handleListKey(_ key: Key) -> BrowserCommand {
    switch key {
    case .up, .character("k"): move(by: -1)
    case .down, .character("j"): move(by: 1)
    case .pageUp, .control("b"): move(by: -listRows)
    case .pageDown, .control("f"), .character(" "): move(by: listRows)
    case .home, .character("g"): moveToStart()
    case .end, .character("G"): moveToEnd()
    case .enter, .right, .character("l"): openDetail()
    case .tab: select(tab.next)
    case .backTab: select(tab.previous)
    case .character(let digit) where ("1"..."5").contains(digit):
      select(BrowserTab(rawValue: Int(String(digit))! - 1) ?? .all)
    case .character("s"): cycleSort()
    case .character("/"): beginSearch()
    case .character("r"): refresh()
    case .character("?"): showsHelp = true
    case .character("q"): return .quit
    case .escape: escape()
    default: return handleActionKey(key)
    }
    return .none
  }

  private func handleActionKey(_ key: Key) -> BrowserCommand {
    switch key {
    case .character("p"): ask(.progress)
    case .character("n"): ask(.note)
    case .character("t"): ask(.tag)
    case .character("*"): ask(.rate)
    case .character("f"): setStatus(.finished)
    case .character("x"): setStatus(.abandoned)
    case .character("u"): askUndo()
    case .character("e"):
      if let book = target { return .editNote(bookID: book.id, draft: "") }
    default: break
    }
    return .none
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

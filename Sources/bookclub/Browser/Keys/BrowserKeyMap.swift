import ReadingModel

/// The browser's keys, declared once: this table drives the dispatch (each component looks
/// up its section), the help overlay and `browse --help` (``BrowserKeyHelp``).
enum BrowserKeyMap {
  /// Every binding, in the order the help lists them.
  static let bindings: [BrowserKeyBinding] =
    list + book + detail + search + prompt + anywhere + help

  /// The action `key` asks for in `section`, if it is bound there.
  ///
  /// - Parameters:
  ///   - key: The key pressed.
  ///   - section: Where the key is being looked up.
  /// - Returns: The action; `nil` when the section does not bind the key.
  static func action(for key: Key, in section: BrowserKeyBinding.Section) -> BrowserAction? {
    for binding in bindings where binding.section == section {
      if let bound = binding.keys.first(where: { $0.key == key }) { return bound.action }
    }
    return nil
  }

  private static let list: [BrowserKeyBinding] = [
    BrowserKeyBinding(
      .list, "↑ ↓ j k", "move",
      each: [
        (.up, .library(.up)), (.down, .library(.down)), (.character("j"), .library(.down)),
        (.character("k"), .library(.up)),
      ]),
    BrowserKeyBinding(
      .list, "PgUp Ctrl-B", "page up", .library(.pageUp), keys: .pageUp, .control("b")),
    BrowserKeyBinding(
      .list, "PgDn Ctrl-F Space", "page down", .library(.pageDown),
      keys: .pageDown, .control("f"), .character(" ")),
    BrowserKeyBinding(
      .list, "Home End g G", "first, last",
      each: [
        (.home, .library(.first)), (.end, .library(.last)), (.character("g"), .library(.first)),
        (.character("G"), .library(.last)),
      ]),
    BrowserKeyBinding(
      .list, "Enter → l", "details", .app(.openBook), keys: .enter, .right, .character("l")),
    BrowserKeyBinding(
      .list, "1–\(BrowserTab.allCases.count)", "status",
      each: BrowserTab.allCases.map {
        (.character(Character(String($0.rawValue + 1))), .library(.tab($0)))
      }),
    BrowserKeyBinding(
      .list, "Tab Shift-Tab", "next, previous status",
      each: [(.tab, .library(.nextTab)), (.backTab, .library(.previousTab))]),
    BrowserKeyBinding(.list, "s", "sort", .library(.sort), keys: .character("s")),
    BrowserKeyBinding(
      .list, "S", "reverse the order", .library(.reverseSort), keys: .character("S")),
    BrowserKeyBinding(.list, "/", "search", .library(.search), keys: .character("/")),
    BrowserKeyBinding(.list, "r", "refresh or retry", .library(.refresh), keys: .character("r")),
    BrowserKeyBinding(
      .list, "Esc", "cancel, dismiss, clear the search", .library(.escape), keys: .escape),
    BrowserKeyBinding(.list, "?", "help", .app(.help), keys: .character("?")),
    BrowserKeyBinding(.list, "q", "quit", .app(.quit), keys: .character("q")),
  ]

  private static let book: [BrowserKeyBinding] = [
    BrowserKeyBinding(.book, "p", "progress", .book(.progress), keys: .character("p")),
    BrowserKeyBinding(.book, "n", "note", .book(.note), keys: .character("n")),
    BrowserKeyBinding(.book, "e", "note in $EDITOR", .book(.noteInEditor), keys: .character("e")),
    BrowserKeyBinding(
      .book, "f", ReadingStatus.finished.displayName, .book(.finish), keys: .character("f")),
    BrowserKeyBinding(
      .book, "x", ReadingStatus.abandoned.displayName, .book(.abandon), keys: .character("x")),
    BrowserKeyBinding(
      .book, "z", ReadingStatus.paused.displayName + " (put aside for now)", .book(.pause),
      keys: .character("z")),
    BrowserKeyBinding(.book, "t", "tag", .book(.tag), keys: .character("t")),
    BrowserKeyBinding(
      .book, "+ -", "put last in Up Next, take out of it",
      each: [(.character("+"), .book(.queue)), (.character("-"), .book(.unqueue))]),
    BrowserKeyBinding(
      .book, "=", "the book's series, in its order (= again: every book)", .book(.series),
      keys: .character("=")),
    BrowserKeyBinding(
      .book, "K J", "move up, down Up Next (in its tab)",
      each: [(.character("K"), .book(.moveUp)), (.character("J"), .book(.moveDown))]),
    BrowserKeyBinding(.book, "*", "rate", .book(.rate), keys: .character("*")),
    BrowserKeyBinding(.book, "u", "undo the last change", .book(.undo), keys: .character("u")),
    BrowserKeyBinding(.book, "U", "redo what u undid", .book(.redo), keys: .character("U")),
  ]

  private static let detail: [BrowserKeyBinding] = [
    BrowserKeyBinding(
      .detail, "↑ ↓ j k", "scroll",
      each: [
        (.up, .detail(.scrollUp)), (.down, .detail(.scrollDown)),
        (.character("j"), .detail(.scrollDown)), (.character("k"), .detail(.scrollUp)),
      ]),
    BrowserKeyBinding(.detail, "r", "reload", .detail(.reload), keys: .character("r")),
    BrowserKeyBinding(.detail, "Esc", "cancel, back", .detail(.escape), keys: .escape),
    BrowserKeyBinding(
      .detail, "Enter ← h Backspace", "back", .detail(.close),
      keys: .enter, .left, .character("h"), .backspace),
  ]

  private static let search: [BrowserKeyBinding] = [
    BrowserKeyBinding(.search, "Enter", "keep the search", .search(.done), keys: .enter),
    BrowserKeyBinding(
      .search, "Esc", "clear the search", .search(.cancel), keys: .escape),
    BrowserKeyBinding(
      .search, "↑ ↓", "move", each: [(.up, .search(.up)), (.down, .search(.down))]),
  ]

  private static let prompt: [BrowserKeyBinding] = [
    BrowserKeyBinding(.prompt, "Enter", "save", .prompt(.submit), keys: .enter),
    BrowserKeyBinding(.prompt, "Esc", "cancel", .prompt(.cancel), keys: .escape),
    BrowserKeyBinding(
      .prompt, "Ctrl-E", "a note in $EDITOR", .prompt(.editor), keys: .control("e")),
  ]

  private static let help: [BrowserKeyBinding] = [
    BrowserKeyBinding(
      .help, "↑ ↓ j k", "scroll, any other key closes",
      each: [
        (.up, .help(.scrollUp)), (.down, .help(.scrollDown)),
        (.character("k"), .help(.scrollUp)), (.character("j"), .help(.scrollDown)),
      ])
  ]

  private static let anywhere: [BrowserKeyBinding] = [
    BrowserKeyBinding(.anywhere, "Ctrl-C", "quit", .app(.quit), keys: .control("c")),
    BrowserKeyBinding(.anywhere, "Ctrl-Z", "suspend", .app(.suspend), keys: .control("z")),
  ]
}

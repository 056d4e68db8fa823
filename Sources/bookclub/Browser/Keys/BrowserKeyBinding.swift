/// One entry of the key table: keys, what they do as the help says it, and the action each
/// key asks for (one for all, or one each: ↑ and ↓ share an entry).
struct BrowserKeyBinding: Sendable {
  /// Where in the browser a binding applies, and who looks it up: the dispatch goes from
  /// the part that has the keys to the one behind it (``BrowserModel/dispatch(_:)``).
  enum Section: Sendable {
    /// Before anything else, even a prompt: the model.
    case anywhere
    /// While a prompt is open on the status line: the prompt takes every key.
    case prompt
    /// While keys go to the search field: it takes every key.
    case search
    /// While a book is open: the detail pane, before the list.
    case detail
    /// The library pane, and the model for what reaches past it.
    case list
    /// The open book, else the highlighted one: the model.
    case book
    /// While the help is shown: it takes every key, and closes on those it does not bind.
    case help

    /// The section's name in the help.
    var title: String {
      switch self {
      case .anywhere: "Anywhere"
      case .prompt: "In a prompt"
      case .search: "In the search"
      case .detail: "On an open book"
      case .list: "In the list"
      case .book: "On a book"
      case .help: "In this help"
      }
    }
  }

  let section: Section
  /// The keys as the help names them: `↑ ↓ j k`.
  let label: String
  /// What they do: `move`.
  let description: String
  /// Each key and the action it asks for.
  let keys: [(key: Key, action: BrowserAction)]

  /// A binding of several keys to one action.
  init(
    _ section: Section, _ label: String, _ description: String, _ action: BrowserAction,
    keys: Key...
  ) {
    self.section = section
    self.label = label
    self.description = description
    self.keys = keys.map { ($0, action) }
  }

  /// A binding of keys to an action each.
  init(
    _ section: Section, _ label: String, _ description: String,
    each keys: [(key: Key, action: BrowserAction)]
  ) {
    self.section = section
    self.label = label
    self.description = description
    self.keys = keys
  }

  /// The entry as the help shows it: `↑ ↓ j k move`.
  var entry: String { label + " " + description }
}

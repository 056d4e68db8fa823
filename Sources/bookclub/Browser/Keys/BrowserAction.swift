/// What a key asks of the browser, grouped by the part of it that does it. The key table
/// (``BrowserKeyMap``) binds keys to these; each component performs the group of its own, and
/// asks the model (``Handled/request(_:)``) for what reaches past it.
enum BrowserAction: Equatable, Sendable {
  /// The browser as a whole; the model does these.
  enum App: Equatable, Sendable {
    case quit, suspend, help
    /// Opens the highlighted book in the detail pane.
    case openBook
  }

  /// The library pane: moving in the list and changing its query.
  enum Library: Equatable, Sendable {
    case up, down, pageUp, pageDown, first, last
    /// Shows the books of one status.
    case tab(BrowserTab)
    case nextTab, previousTab
    case sort, search
    /// The same sort, the other way round.
    case reverseSort
    /// Loads the list again, or on a page that failed, that page.
    case refresh
    /// Cancels what is in flight, else dismisses the notice, else clears the search.
    case escape
  }

  /// The search field, while keys go to it: other keys edit the search.
  enum Search: Equatable, Sendable {
    /// Keys go back to the list; the search stays.
    case done
    /// Cancels the query in flight and clears the search; keys go back to the list.
    case cancel
    case up, down
  }

  /// The detail pane, while a book is open.
  enum Detail: Equatable, Sendable {
    case scrollUp, scrollDown, reload
    /// Cancels the load, else dismisses the notice, else closes the pane.
    case escape
    case close
  }

  /// The help overlay, while shown: other keys close it.
  enum Help: Equatable, Sendable {
    case scrollUp, scrollDown
  }

  /// The actions on the open book, else the highlighted one; the model does these.
  enum Book: Equatable, Sendable {
    case progress, note, noteInEditor, tag, rate, finish, abandon, pause, undo, redo
    /// Puts the book last in Up Next.
    case queue
    /// Takes the book out of Up Next.
    case unqueue
    /// Moves the book one place up or down Up Next, in its tab.
    case moveUp, moveDown
    /// Lists the book's series in its order; again, every book.
    case series
  }

  /// The prompt on the status line, while one is open: other keys edit its text.
  enum Prompt: Equatable, Sendable {
    case cancel, submit
    /// Takes a note's text to the person's editor.
    case editor
    /// A key that answers a choice (`y`, `n`, `r`, `c`): not in the table, the prompt's
    /// question names them.
    case answer(Character)
  }

  case app(App)
  case library(Library)
  case search(Search)
  case detail(Detail)
  case help(Help)
  case book(Book)
  case prompt(Prompt)
}

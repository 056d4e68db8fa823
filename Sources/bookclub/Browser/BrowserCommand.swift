/// What the event loop must do after a key: most keys only change the model.
enum BrowserCommand: Equatable {
  case none
  case quit
  /// Give the terminal back and stop, as a shell's job control expects (Ctrl-Z).
  case suspend
  /// Suspend the screen and open the person's editor on the book's draft, as
  /// `bookclub progress edit` writes it: where the book is, then `note`.
  case editDraft(bookID: Int64, note: String)
}

/// What the event loop must do after a key: most keys only change the model.
enum BrowserCommand: Equatable {
  case none
  case quit
  /// Give the terminal back and stop, as a shell's job control expects (Ctrl-Z).
  case suspend
  /// Suspend the screen and open the person's editor on a note for the book.
  case editNote(bookID: Int64, draft: String)
}

/// What to do first with an empty library, for `list`, `status`, bare `bookclub` and the
/// browser: bring a library in (most people come from Goodreads or StoryGraph), add a book,
/// or look at the sample.
enum EmptyLibraryHint {
  /// One way to start: a command to copy, and what it is for.
  struct Step {
    /// The command, whole.
    let command: String
    /// What follows the command on its line (its leading spaces included), if anything: it
    /// may be left out where the line would not fit.
    let note: String?
  }

  /// The line above the steps.
  static let heading = "Your library is empty. To get started:"

  /// The ways to start, the one a reader leaving Goodreads takes first.
  static let steps = [
    Step(
      command: "bookclub import goodreads_library_export.csv",
      note: "   (Goodreads, StoryGraph and others)"),
    Step(command: "bookclub add \"Middlemarch\" --author \"George Eliot\" --pages 880", note: nil),
    Step(command: "bookclub demo", note: "        (see bookclub with a sample library)"),
  ]

  /// Each step's indent.
  static let indent = "  "

  /// The heading and every step, each with its note.
  static let lines = [heading] + steps.map { indent + $0.command + ($0.note ?? "") }
}

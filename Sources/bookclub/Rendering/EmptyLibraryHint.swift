/// What to do first with an empty library, for `list`, `status` and bare `bookclub`: bring
/// a library in (most people come from Goodreads or StoryGraph), add a book, or look at the
/// sample.
enum EmptyLibraryHint {
  static let lines = [
    "Your library is empty. To get started:",
    "  bookclub import goodreads_library_export.csv   (Goodreads or StoryGraph export)",
    "  bookclub add \"Middlemarch\" --author \"George Eliot\" --pages 880",
    "  bookclub demo        (see bookclub with a sample library)",
  ]
}

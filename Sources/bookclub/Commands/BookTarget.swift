import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The book a command works on: `<book>` when given, else this terminal's selected book
/// (`bookclub select`), in the library of `--library`.
struct BookTarget {
  static let argument = OptionalArgument(
    name: "book",
    help: "The book: its id, its ISBN, or words from its title. Default: the selected book.",
    completion: .book)

  /// `<book>` where a book must be named: no selection stands in.
  static let required = RequiredArgument(
    name: "book", help: "The book: its id, its ISBN, or words from its title.",
    completion: .book)

  let reference: String?
  let libraryPath: String?

  /// Reads ``argument``: the book, or the selection when it is left out.
  init(_ values: ParsedValues) {
    reference = values.argument(Self.argument)
    libraryPath = LibraryOption.value(in: values)
  }

  /// Reads ``required``: a command that needs a book named, not the selection.
  init(requiring values: ParsedValues) {
    reference = values.argument(Self.required)
    libraryPath = LibraryOption.value(in: values)
  }

  init(reference: String?, libraryPath: String?) {
    self.reference = reference
    self.libraryPath = libraryPath
  }

  /// Finds the book.
  ///
  /// - Returns: The book and the library it is in.
  /// - Throws: ``BookReferenceError`` for a reference that names no book or several,
  ///   ``UsageError/missingBook`` when there is neither `<book>` nor a selection,
  ///   ``SelectionError`` when the selection no longer fits.
  /// - Parameters:
  ///   - announce: Say on stderr which book the selection gave.
  ///   - writing: The command writes to the book next: the library is opened for writing
  ///     at once (one connection for the whole command).
  @MainActor
  func resolve(in context: CommandContext, announce: Bool = true, writing: Bool = false)
    async throws -> (Book, SQLiteLibrary)
  {
    let library = context.library(flag: libraryPath)
    if writing { await library.prepareToWrite() }
    if let reference { return (try await BookReference.resolve(reference, in: library), library) }
    let store = context.selection
    guard let selection = store.load() else { throw UsageError.missingBook }
    guard selection.library == library.path else {
      throw SelectionError.otherLibrary(selection.library)
    }
    guard let book = try await library.book(id: selection.bookID) else {
      store.clear()
      throw SelectionError.bookGone(selection.bookID)
    }
    if announce { context.errors.line("Using the selected book: \(book.shownTitle) (\(book.id))") }
    return (book, library)
  }

  /// Finds the book and loads its progress.
  ///
  /// - Parameter writing: The command writes to the book next (see ``resolve(in:announce:writing:)``).
  @MainActor
  func open(in context: CommandContext, writing: Bool = false) async throws -> CurrentlyReading {
    let (book, library) = try await resolve(in: context, writing: writing)
    let reading = CurrentlyReading(
      book: book, writer: context.writer(for: library), reader: library,
      executor: MainThreadLoop.executor)
    await reading.load()
    if let error = reading.progress.error { throw error }
    return reading
  }
}

/// Why the selected book cannot be used.
enum SelectionError: Error, LocalizedError {
  /// The selected book was removed from the library.
  case bookGone(Book.ID)
  /// The selection was made in another library file.
  case otherLibrary(String)

  var errorDescription: String? {
    switch self {
    case .bookGone(let id):
      "The selected book (\(id)) is no longer in the library, so the selection was cleared. "
        + "Select another: bookclub select <book>"
    case .otherLibrary(let path):
      "The selected book is in another library ('\(path)'). Pass a <book>, or select one in "
        + "this library: bookclub select <book>"
    }
  }
}

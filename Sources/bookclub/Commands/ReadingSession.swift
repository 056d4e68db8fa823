import ReadingModel

/// Opens the library, finds `<book>` and loads its progress: what every progress and note
/// command starts with.
@MainActor
enum ReadingSession {
  /// - Throws: ``BookReferenceError``, ``LibraryError``, or the load's failure.
  static func open(_ reference: String, libraryPath: String?, context: CommandContext)
    async throws -> CurrentlyReading
  {
    let library = context.library(flag: libraryPath)
    let book = try await BookReference.resolve(reference, in: library)
    let reading = CurrentlyReading(book: book, library: library, notices: context.notices)
    await reading.load()
    if let error = reading.progress.error { throw error }
    return reading
  }
}

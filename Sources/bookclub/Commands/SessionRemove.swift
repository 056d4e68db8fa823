import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Session {
  /// `bookclub session remove <id>`
  struct Remove: ParsableCommand {
    static let idArgument = RequiredArgument(
      name: "id", help: "The session's id, or its first 8 characters ('progress show' lists them).")

    static let signature = CommandSignature(
      name: "remove", abstract: "Take a session away ('bookclub undo' puts it back).",
      discussion: """
        A device's session removed here stays removed: ingesting the device again does not \
        bring it back. Your position stays where it is.
        """,
      arguments: [idArgument], options: [LibraryOption.spec])

    let id: String
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      id = values.argument(Self.idArgument)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      await library.prepareToWrite()
      guard let (session, bookID) = try await library.session(startingWith: id) else {
        throw ReadingSessionError.notFound(id)
      }
      _ = try await context.writer(for: library).apply(.removeSession(session.id))
      let title = try await library.book(id: bookID)?.shownTitle ?? "#\(bookID)"
      context.output.line(
        "Removed the session of “\(title)” of \(SessionText.span(session)); "
          + "'bookclub undo' puts it back.")
    }
  }
}

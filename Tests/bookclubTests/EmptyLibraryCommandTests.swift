import Foundation
import Testing

/// An empty library's first suggestion is the one a reader leaving Goodreads needs:
/// `import`, then `add` and `demo`; bare `bookclub` and `status` say so too.
@Suite struct EmptyLibraryCommandTests {
  let library = FirstWeekLibrary()

  @Test func listAndStatusSuggestImportFirst() async throws {
    let listed = try await library.run(["list"])
    #expect(
      listed.stderr.hasPrefix(
        "Your library is empty. To get started:\n  bookclub import goodreads_library_export.csv"))
    #expect(listed.stderr.contains("bookclub add") && listed.stderr.contains("bookclub demo"))
    let status = try await library.run(["status"])
    #expect(status.stdout.hasPrefix("Your library is empty. To get started:\n  bookclub import "))
    #expect(!status.stdout.contains("progress set"))
  }

  @Test func bareBookclubAtATerminalSuggestsImportNotProgress() async throws {
    var environment = library.home.bookclub.environment
    environment["BOOKCLUB_LIBRARY"] = library.path
    environment["NO_COLOR"] = "1"
    let session = try TerminalSession([], environment: environment)
    try await session.waitFor("See 'bookclub --help' for every command.")
    let (status, screen) = try await session.finish()
    #expect(status == 0)
    #expect(screen.contains("Your library is empty. To get started:"), "\(screen)")
    #expect(screen.contains("bookclub import goodreads_library_export.csv"))
    #expect(!screen.contains("Nothing is being read"))
  }
}

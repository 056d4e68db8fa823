import Foundation
import Testing

/// `show` says one date for when the current reading started: on the status line, beside
/// `Started`, in the readings and in `--json`.
@Suite struct StatusSinceCommandTests {
  let library = FirstWeekLibrary()

  @Test func aReadingImportedLongAgoStartsWhenItsReadingDid() async throws {
    let csv = library.home.path("goodreads.csv")
    try """
    Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,\
    Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,\
    Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,\
    Private Notes,Read Count,Recommended For,Recommended By,Owned Copies,\
    Original Purchase Date,Original Purchase Location,Condition,Condition Desc
    3000001,Middlemarch,George Eliot,"Eliot, George",,,,0,4.0,,Paperback,880,2003,1871,,\
    2025/01/18,currently-reading,currently-reading (#1),currently-reading,,,,0,,,0,,,,

    """.write(toFile: csv, atomically: false, encoding: .utf8)
    try await library.run(["import", csv])
    try await library.run(["progress", "set", "middlemarch", "100", "--at", "2026-03-02 20:00"])
    let shown = try await library.run(["show", "middlemarch"])
    #expect(shown.stdout.contains("\nStatus    reading since 2026-03-02\n"), "\(shown.stdout)")
    #expect(shown.stdout.contains("\nStarted   2026-03-02\n"))
    #expect(shown.stdout.contains("\nRead      2026-03-02 – (reading)\n"))
    let json = try await library.json(["show", "middlemarch"])
    #expect(json["statusSince"] as? String == json["started"] as? String)
  }
}

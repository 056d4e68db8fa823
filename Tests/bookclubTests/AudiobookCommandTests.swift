import Foundation
import ReadingModel
import TestSupport
import Testing

/// Formats and audiobooks (issue 28): an audiobook's progress is time over its length, kept
/// as a fraction, so a listener and a reader on paper compare in a club; formats come from a
/// source's binding, filter `list` off their own index, and go back out in the target's words.
@Suite struct AudiobookCommandTests: LibraryCommandSuite {
  let home = TestHome()

  @Test func anAudiobooksProgressIsTimeOverItsLength() async throws {
    try await bookclub(["add", "The Fifth Season", "-a", "N. K. Jemisin", "--length", "10:00"])
    let set = try await bookclub(["progress", "set", "1", "3:25"])
    #expect(set.stdout.contains("3:25 of 10:00"), "\(set.stdout)")
    #expect(try await bookclub(["progress", "set", "1", "+0:40"]).stdout.contains("4:05 of 10:00"))
    #expect(try await bookclub(["progress", "set", "1", "-0:05"]).stdout.contains("4:00 of 10:00"))
    #expect(try await bookclub(["progress", "set", "1", "50%"]).stdout.contains("5:00 of 10:00"))
    let status = try await json(["status", "1"])
    #expect(status["seconds"] as? Int == 5 * 3_600)
    #expect((status["book"] as? [String: Any])?["format"] as? String == "audiobook")
    #expect((status["book"] as? [String: Any])?["length"] as? Int == 36_000)
    #expect((status["progress"] as? Double) == nil)
    let shown = try await bookclub(["show", "1"]).stdout
    #expect(shown.contains("\nFormat    audiobook\n"), "\(shown)")
    #expect(shown.contains("\nLength    10:00\n"), "\(shown)")
    #expect(shown.contains("5:00 of 10:00"), "\(shown)")
    let entries = try await bookclub(["progress", "show", "1"]).stdout
    #expect(entries.contains("4:05 (40%)") && entries.contains("+0:40"), "\(entries)")
    #expect(entries.contains("-0:05"), "\(entries)")

    // Times that do not fit are usage errors, and nothing is written.
    let past = try await bookclub(["progress", "set", "1", "10:01"], status: 64)
    #expect(past.stderr.contains("past the end of the recording (10:00)"), "\(past.stderr)")
    let before = try await bookclub(["progress", "set", "1", "-6:00"], status: 64)
    #expect(before.stderr.contains("before the start"), "\(before.stderr)")
    try await bookclub(["add", "Emma", "-a", "Jane Austen", "--pages", "400"])
    let noLength = try await bookclub(["progress", "set", "emma", "1:00"], status: 64)
    #expect(noLength.stderr.contains("--length 11:42"), "\(noLength.stderr)")
    #expect(try await bookclub(["progress", "show", "1"]).stdout == entries)
  }

  @Test func hostileLengthsAndFormatsAreRefusedSayingWhy() async throws {
    try await bookclub(["add", "Emma", "-a", "Jane Austen"])
    for (length, words) in [
      ("0:00", "0:00 is no recording"), ("999999:59", "at most 9999:59:59"),
      ("abc", "hours and minutes"), ("1:75", "hours and minutes"), ("-1:00", "hours and minutes"),
      ("1:00\u{1B}[31m", "hours and minutes"),
    ] {
      let result = try await bookclub(["edit", "1", "--length", length], status: 64)
      #expect(result.stderr.contains(words), "\(length): \(result.stderr)")
      #expect(!result.stderr.contains("\u{1B}["), "printed raw: \(result.stderr)")
    }
    let format = try await bookclub(["edit", "1", "--format", "vinyl"], status: 64)
    #expect(format.stderr.contains("paper"), "\(format.stderr)")
    // The longest length there is is kept as given.
    let edited = try await json(["edit", "1", "--length", "9999:59:59"])
    let change = (edited["changes"] as? [[String: Any]])?.first
    #expect(change?["after"] as? String == "9999:59:59", "\(edited)")
    #expect(try await json(["edit", "1", "--format", "none", "--length", ""])["changes"] != nil)
    let book = try await json(["status", "1"])["book"] as? [String: Any]
    #expect(book?["length"] is NSNull && book?["format"] is NSNull, "\(String(describing: book))")
  }

  @Test func formatsComeFromTheBindingFilterTheListAndGoBackOut() async throws {
    let header = GoodreadsExport.header
    let rows: [[String: String]] = [
      [
        "Book Id": "1", "Title": "Kindred", "Author": "Octavia E. Butler",
        "Binding": "Audible Audio",
        "Exclusive Shelf": "to-read", "Date Added": "2024/01/02",
      ],
      [
        "Book Id": "2", "Title": "Beloved", "Author": "Toni Morrison", "Binding": "Kindle Edition",
        "Exclusive Shelf": "to-read", "Date Added": "2024/01/02",
      ],
      [
        "Book Id": "3", "Title": "Emma", "Author": "Jane Austen", "Binding": "Paperback",
        "Number of Pages": "474", "Exclusive Shelf": "to-read", "Date Added": "2024/01/02",
      ],
      [
        "Book Id": "4", "Title": "Dune", "Author": "Frank Herbert", "Binding": "Unknown Binding",
        "Exclusive Shelf": "to-read", "Date Added": "2024/01/02",
      ],
    ]
    let path = try csvFile("goodreads.csv", header: header, rows)
    try await bookclub(["import", path])
    for (format, titles) in [
      ("audiobook", ["Kindred"]), ("ebook", ["Beloved"]), ("paper", ["Emma"]),
    ] {
      let listed = try await json(["list", "--format", format])
      let found = (listed["books"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
      #expect(found == titles, "\(format): \(listed)")
      #expect(listed["total"] as? Int == titles.count, "\(format)")
    }
    #expect(
      try await json(["list", "--format", "audiobook", "--status", "want"])["total"] as? Int == 1)
    #expect(try await json(["import", path])["updated"] as? Int == 0)
    // Written back as they came; a format changed here in the target's words.
    try await bookclub(["edit", "emma", "--format", "ebook"])
    try await bookclub(["edit", "dune", "--format", "audiobook"])
    let written = Dictionary(
      try await exportedRows("goodreads").map { ($0["Title"] ?? "", $0["Binding"] ?? "") }
    ) { first, _ in first }
    #expect(written["Kindred"] == "Audible Audio" && written["Beloved"] == "Kindle Edition")
    #expect(written["Emma"] == "Kindle Edition" && written["Dune"] == "Audiobook", "\(written)")
    let storyGraph = Dictionary(
      try await exportedRows("storygraph").map { ($0["Title"] ?? "", $0["Format"] ?? "") }
    ) { first, _ in first }
    #expect(storyGraph["Emma"] == "digital" && storyGraph["Dune"] == "audio", "\(storyGraph)")
    #expect(storyGraph["Kindred"] == "Audible Audio", "\(storyGraph)")
  }

  @Test func theArchiveAndUndoCarryTheFormatAndLength() async throws {
    try await bookclub(["add", "Kindred", "-a", "Octavia E. Butler", "--length", "10:54:30"])
    try await bookclub(["progress", "set", "1", "2:00"])
    let archive = home.path("library.json")
    try await bookclub(["export", "--format", "bookclub", "-o", archive])
    let text = try String(contentsOfFile: archive, encoding: .utf8)
    #expect(text.contains(#""format":"audiobook""#) && text.contains(#""length":39270"#))
    let copy = home.path("copy.sqlite")
    #expect(try await run(["import", archive], library: copy).status == 0)
    let shown = try await run(["show", "1"], library: copy).stdout
    #expect(shown.contains("Length    10:54:30") && shown.contains("2:00 of 10:54:30"), "\(shown)")
    try await bookclub(["edit", "1", "--format", "paper", "--pages", "300"])
    try await bookclub(["undo", "--force"])
    #expect(try await bookclub(["show", "1"]).stdout.contains("Format    audiobook"))
  }
}

/// The club end of it: a listener at a time unlocks the notes a reader on paper wrote at
/// that fraction, and not before.
@Suite struct AudiobookClubTests: ClubMemberSuite {
  let shared = TestHome()
  let ann = TestHome()
  let bo = TestHome()

  @Test func aListenerUnlocksTheNotesAReaderOnPaperWroteAtThatFraction() async throws {
    let folder = shared.path("bookworms")
    try await run(ann, ["club", "create", folder, "--name", "Bookworms", "--as", "Ann"])
    try await run(bo, ["club", "join", folder, "--as", "Bo"])
    try await run(ann, ["add", "Middlemarch", "--author", "George Eliot", "--pages", "880"])
    // Bo listens: the audiobook edition, 35:20 long.
    try await run(
      bo,
      [
        "add", "Middlemarch", "--author", "George Eliot", "--format", "audiobook",
        "--length", "35:20",
      ])
    try await run(ann, ["club", "pick", "Middlemarch"])
    try await run(ann, ["progress", "set", "Middlemarch", "440"])  // half way
    try await run(ann, ["note", "add", "Middlemarch", "Dorothea's choice!", "--share"])
    try await run(bo, ["club", "sync"])
    try await run(bo, ["progress", "set", "Middlemarch", "17:00"])  // 48%
    let hidden = try await run(bo, ["club", "notes"])
    #expect(!hidden.stdout.contains("Dorothea"), "\(hidden.stdout)")
    #expect(hidden.stderr.contains("hidden until you pass 50%"), "\(hidden.stderr)")
    try await run(bo, ["progress", "set", "Middlemarch", "+0:45"])  // 17:45, 50.2%
    #expect(try await run(bo, ["club", "notes"]).stdout.contains("Dorothea's choice!"))
    try await run(ann, ["club", "sync"])
    let status = try await run(ann, ["club", "status"]).stdout
    #expect(status.contains("50%"), "\(status)")
  }
}

import Foundation
import ReadingModel
import TestSupport
import Testing

/// Highlights and quotes shared with a club when asked (issue 29): `quote add --share` and
/// `ingest --share` send each as a note at its place, so a member's spoiler shield hides it
/// until they have read that far; without `--share` nothing goes; a highlight with no known
/// place is not shared, and that is said.
@Suite struct ClubHighlightShareTests: ClubMemberSuite {
  let shared = TestHome()
  let ann = TestHome()
  let bo = TestHome()

  /// Ann and Bo in a club reading Middlemarch (880 pages); Ann also has Emma.
  func clubReadingMiddlemarch() async throws {
    let folder = shared.path("Syncthing/bookworms")
    try await run(ann, ["club", "create", folder, "--name", "Bookworms", "--as", "Ann"])
    try await run(bo, ["club", "join", folder, "--as", "Bo"])
    for member in [ann, bo] {
      try await run(member, ["add", "Middlemarch", "--author", "George Eliot", "--pages", "880"])
    }
    try await run(ann, ["add", "Emma", "--author", "Jane Austen", "--pages", "400"])
    try await run(bo, ["club", "pick", "Middlemarch"])
  }

  @Test func sharedQuotesAndHighlightsWaitBehindTheSpoilerShield() async throws {
    try await clubReadingMiddlemarch()
    let quoted = try await run(
      ann,
      [
        "quote", "add", "middlemarch", "A quiet text", "--page", "100", "--note", "So true",
        "--share",
      ])
    #expect(quoted.stderr.contains("Shared with Bookworms."), "\(quoted.stderr)")
    try await run(ann, ["quote", "add", "middlemarch", "Kept to myself", "--page", "50"])
    let clippings =
      "Middlemarch (Eliot, George)\r\n"
      + "- Your Highlight on page 440 | Location 6001-6003 | Added on Tuesday, March 4, 2025 9:15:02 PM\r\n"
      + "\r\n" + "Dorothea's choice\r\n" + "==========\r\n"
      + "Emma (Austen, Jane)\r\n"
      + "- Your Highlight on page 12 | Location 150-151 | Added on Tuesday, March 4, 2025 9:20:00 PM\r\n"
      + "\r\n" + "Handsome, clever, and rich\r\n" + "==========\r\n"
    let kindle = try DeviceFixtures.kindle(in: ann.url.path, clippings: clippings)
    let ingested = try await run(ann, ["ingest", kindle, "--share"])
    #expect(ingested.stderr.contains("Shared with Bookworms."), "\(ingested.stderr)")

    let hidden = try await run(bo, ["club", "notes"])
    #expect(!hidden.stdout.contains("A quiet text") && !hidden.stdout.contains("Dorothea"))
    #expect(hidden.stderr.contains("2 notes hidden"), "\(hidden.stderr)")
    try await run(bo, ["progress", "set", "middlemarch", "120"])
    let some = try await run(bo, ["club", "notes"]).stdout
    #expect(some.contains("“A quiet text” (p. 100)") && some.contains("So true"), "\(some)")
    #expect(!some.contains("Dorothea"), "\(some)")
    let all = try await run(bo, ["club", "notes", "--spoilers"]).stdout
    #expect(all.contains("“Dorothea's choice” (p. 440)"), "\(all)")
    // Not asked, not shared: the quote kept to oneself, and Emma, which no club reads.
    #expect(!all.contains("Kept to myself") && !all.contains("Handsome"), "\(all)")
  }

  @Test func aShareThatReachesNoClubSaysWhy() async throws {
    try await clubReadingMiddlemarch()
    let emma = try await run(ann, ["quote", "add", "emma", "Badly done, Emma!", "--share"])
    #expect(emma.stderr.contains("Not shared: “Emma” is no club's current book"), "\(emma.stderr)")
    let clippings =
      "Emma (Austen, Jane)\r\n"
      + "- Your Highlight on page 12 | Location 150-151 | Added on Tuesday, March 4, 2025 9:20:00 PM\r\n"
      + "\r\n" + "Handsome, clever, and rich\r\n" + "==========\r\n"
    let kindle = try DeviceFixtures.kindle(in: ann.url.path, clippings: clippings)
    let ingested = try await run(ann, ["ingest", kindle, "--share"])
    #expect(
      ingested.stderr.contains(
        "Not shared: “Emma”, whose highlights came in, is no club's current book, or its club"),
      "\(ingested.stderr)"
    )
    // A highlight with no place in the book: no shield could hide it.
    try await run(bo, ["add", "Felix Holt", "--author", "George Eliot"])
    try await run(bo, ["club", "pick", "Felix Holt"])
    let placeless =
      "Felix Holt (Eliot, George)\r\n"
      + "- Your Highlight on Location 150-151 | Added on Tuesday, March 4, 2025 9:20:00 PM\r\n"
      + "\r\n" + "A radical\r\n" + "==========\r\n"
    let other = try DeviceFixtures.kindle(in: bo.url.path, clippings: placeless)
    let unplaced = try await run(bo, ["ingest", other, "--share"])
    #expect(unplaced.stderr.contains("no known place in the book"), "\(unplaced.stderr)")
  }
}

import Testing

@testable import ReadingModel

/// The three-way merge of DESIGN.md section 7, field by field, and the keys that find one
/// work across services.
@Suite struct MergeTests {
  @Test func unchangedSourceLeavesLocalChanges() {
    let base = BookFields([.rating: "4", .status: "want", .publisher: "Penguin"])
    let ours = BookFields([
      .rating: "5", .status: "finished", .publisher: "Penguin", .title: "Emma",
    ])
    let merge = FieldMerge(ours: ours, base: base, theirs: base, prefer: .library)
    #expect(merge.merged == ours)
    #expect(merge.conflicts.isEmpty && merge.kept.isEmpty)
  }

  @Test func sourceChangesApplyIncludingClearedValues() {
    let base = BookFields([.rating: "4", .readings: "/2024-01-24", .tags: "classics\nfavourites"])
    let theirs = BookFields([.rating: "", .readings: "", .tags: "classics\nrussian"])
    let ours = BookFields([
      .rating: "4", .readings: "/2024-01-24", .tags: "classics\nfavourites\nmine",
    ])
    let merged = FieldMerge(ours: ours, base: base, theirs: theirs, prefer: .library).merged
    #expect(merged[.rating] == "")
    #expect(merged[.readings] == "")
    #expect(merged.list(.tags) == ["classics", "mine", "russian"])
  }

  @Test func bothChangedIsAConflictTheLibraryWinsByDefault() {
    let base = BookFields([.publisher: "Penguin"])
    let ours = BookFields([.publisher: "Vintage"])
    let theirs = BookFields([.publisher: "Knopf"])
    let kept = FieldMerge(ours: ours, base: base, theirs: theirs, prefer: .library)
    #expect(kept.merged[.publisher] == "Vintage")
    #expect(
      kept.conflicts == [
        FieldConflict(
          field: .publisher, library: "Vintage", source: "Knopf", base: "Penguin",
          tookSource: false)
      ])
    let taken = FieldMerge(ours: ours, base: base, theirs: theirs, prefer: .source)
    #expect(taken.merged[.publisher] == "Knopf")
    #expect(taken.conflicts.first?.tookSource == true)
  }

  @Test func statusesNeverMoveBackwardsOnTheirOwn() {
    // An older export says to-read; the book was finished since.
    let backwards = FieldMerge(
      ours: BookFields([.status: "finished"]), base: BookFields([.status: "finished"]),
      theirs: BookFields([.status: "want"]), prefer: .library)
    #expect(backwards.merged[.status] == "finished")
    #expect(backwards.conflicts.map(\.field) == [.status])
    // A source met for the first time never reopens a book either.
    let firstMeeting = FieldMerge(
      ours: BookFields([.status: "finished"]), base: nil, theirs: BookFields([.status: "want"]),
      prefer: .library)
    #expect(firstMeeting.merged[.status] == "finished")
    // Forward moves apply.
    let forward = FieldMerge(
      ours: BookFields([.status: "reading"]), base: BookFields([.status: "want"]),
      theirs: BookFields([.status: "finished"]), prefer: .library)
    #expect(forward.merged[.status] == "finished")
    #expect(forward.conflicts.isEmpty)
  }

  @Test func twoSourcesOnOneBook() {
    let goodreads = BookFields([
      .authors: "Fyodor Dostoevsky\nRichard Pevear", .isbn13: "9780679734505", .rating: "5",
      .dateAdded: "2022-10-03", .binding: "Paperback", .readings: "/2022-11-20",
    ])
    let storygraph = BookFields([
      .authors: "Fyodor Dostoevsky", .contributors: "Richard Pevear (Translator)",
      .isbn13: "9780143058144", .rating: "4.5", .dateAdded: "2022-10-01",
      .binding: "paperback", .readings: "2022-10-02/2022-11-20",
    ])
    let merge = FieldMerge(ours: goodreads, base: nil, theirs: storygraph, prefer: .library)
    let merged = merge.merged
    #expect(merged.list(.authors) == ["Fyodor Dostoevsky", "Richard Pevear"])
    #expect(merged.list(.contributors) == ["Richard Pevear (Translator)"])
    #expect(merged[.isbn13] == "9780679734505")
    #expect(merged.list(.identifiers) == ["9780143058144"])
    #expect(merged[.rating] == "4.5")  // not replaced by its own rounding
    #expect(merged[.dateAdded] == "2022-10-01")  // the earliest
    #expect(merged[.binding] == "Paperback")
    #expect(merged.list(.readings) == ["2022-10-02/2022-11-20"])
    #expect(merge.kept.map(\.field) == [.isbn13])
    // And the whole-star source does not undo the fraction later.
    let again = FieldMerge(
      ours: merged, base: BookFields([.rating: "5"]), theirs: BookFields([.rating: "5"]),
      prefer: .library)
    #expect(again.merged[.rating] == "4.5")
  }

  @Test func titlesAndAuthorsFoldToOneWork() {
    #expect(
      MatchKey.title("The Fellowship of the Ring (The Lord of the Rings, #1)")
        == MatchKey.title("The Fellowship of the Ring"))
    #expect(MatchKey.title("Piranesi: A Novel") == MatchKey.title("Piranesi"))
    #expect(MatchKey.title("Pride & Prejudice") == MatchKey.title("Pride and Prejudice"))
    #expect(MatchKey.title("Ender’s Game") == MatchKey.title("Ender's Game"))
    #expect(MatchKey.title("Mrs. Dalloway") == MatchKey.title("Mrs Dalloway"))
    #expect(MatchKey.title("Les Misérables") == "les miserables")
    #expect(MatchKey.title("(Untitled)") == "untitled")
    #expect(MatchKey.author("J.R.R. Tolkien") == MatchKey.author("J. R. R. Tolkien"))
    #expect(MatchKey.author("Émile Zola") == MatchKey.author("emile zola"))
  }

  @Test func shelvesAreReadByName() {
    let shelves = ShelfMapping(chosen: ["owned": .finished, "dnf": .reading])
    let standard = GoodreadsMapper.statuses
    #expect(shelves.reading("read", standard: standard) == .standard(.finished))
    #expect(shelves.reading("dnf", standard: standard) == .chosen(.reading))
    #expect(shelves.reading("Owned", standard: standard) == .chosen(.finished))
    for name in [
      "did-not-finish-yet", "abandoned", "gave-up", "won-t-finish", "wont-finish",
      "will-not-finish", "DNF 2023",
    ] {
      #expect(ShelfMapping().reading(name, standard: [:]) == .recognised(.abandoned), "\(name)")
    }
    for name in ["on-hold", "paused", "someday", "finish-later"] {
      #expect(ShelfMapping().reading(name, standard: [:]) == .recognised(.paused), "\(name)")
    }
    #expect(ShelfMapping().reading("re-reading", standard: [:]) == .recognised(.reading))
    #expect(ShelfMapping().reading("reading-list", standard: [:]) == .recognised(.wantToRead))
    #expect(ShelfMapping().reading("favourites", standard: [:]) == .unknown)
  }

  @Test func basesRoundTripThroughTheirStoredForm() throws {
    let base = SourceBase(
      fields: BookFields([.title: "Quote \" slash \\ line\nbreak 📚", .rating: "", .tags: "a\nb"]),
      columns: ["ISBN": "=\"0141439548\"", "Title": "\u{1}control"])
    let stored = SourceBase(
      fieldsJSON: base.fieldsJSON, columnsJSON: StringMapJSON.encode(base.columns))
    #expect(stored == base)
    #expect(stored.fields == base.fields && stored.columns == base.columns)
    #expect(StringMapJSON.decode(#"{"a":"\ud83d\udcda\u00e9\n"}"#) == ["a": "📚é\n"])
    #expect(StringMapJSON.decode(#"{"a":1}"#) == nil)
    #expect(StringMapJSON.decode(#"{"a":"b""#) == nil)
  }

  @Test func fieldIndicesFollowTheirOrder() {
    #expect(BookField.allCases.map(\.index) == Array(BookField.allCases.indices))
    #expect(BookField.byName.map(\.rawValue) == BookField.allCases.map(\.rawValue).sorted())
  }

  @Test func isbnsAreStrict() {
    #expect(ISBN("4006381333931") == nil)  // an EAN-13 barcode, not a book's
    #expect(ISBN(restoringLeadingZero: "140449132")?.isbn10 == "0140449132")
    #expect(ISBN(restoringLeadingZero: "140449133") == nil)
  }
}

/// Ratings and readings: what a source's change means when the library says more than the
/// source can.
@Suite struct RatingAndReadingMergeTests {
  func merged(_ field: BookField, ours: String, base: String, theirs: String) -> FieldMerge {
    FieldMerge(
      ours: BookFields([field: ours]), base: BookFields([field: base]),
      theirs: BookFields([field: theirs]), prefer: .library)
  }

  @Test func aWholeStarIsNoChangeOnlyWhereItIsTheFractionsRounding() {
    // StoryGraph's 4.5 changed to 1.0: applied.
    #expect(merged(.rating, ours: "4.5", base: "4.5", theirs: "1").merged[.rating] == "1")
    // Goodreads' 5 for the 4.75 rated here: the fraction stays, no conflict.
    let rounding = merged(.rating, ours: "4.75", base: "4", theirs: "5")
    #expect(rounding.merged[.rating] == "4.75")
    #expect(rounding.conflicts.isEmpty)
    // 2.5 rated here over Goodreads' 3, which moves to 5: both changed.
    let both = merged(.rating, ours: "2.5", base: "3", theirs: "5")
    #expect(both.merged[.rating] == "2.5")
    #expect(both.conflicts.map(\.field) == [.rating])
    #expect(
      both.nextBase(theirs: BookFields([.rating: "5"]), base: BookFields([.rating: "3"]))[
        .rating] == "3")
  }

  @Test func aLaterSingleFinishAddsAReadingWhenTheSourceCountsMore() {
    let base = BookFields([.readings: "/2021-03-01", .readCount: "1"])
    let reRead = FieldMerge(
      ours: base, base: base, theirs: BookFields([.readings: "/2024-05-01", .readCount: "2"]),
      prefer: .library)
    #expect(reRead.merged.list(.readings) == ["/2021-03-01", "/2024-05-01"])
    let corrected = FieldMerge(
      ours: base, base: base, theirs: BookFields([.readings: "/2021-03-02", .readCount: "1"]),
      prefer: .library)
    #expect(corrected.merged.list(.readings) == ["/2021-03-02"])
    let cleared = FieldMerge(
      ours: base, base: base, theirs: BookFields([.readings: "", .readCount: "1"]),
      prefer: .library)
    #expect(cleared.merged.list(.readings).isEmpty)
  }

  @Test func abandonedReadingsAreKeyedByTheirDays() {
    #expect(
      FieldMerge.itemKey("2024-01-01/2024-01-05/abandoned", .reading)
        != FieldMerge.itemKey("2023-01-01/2023-02-05/abandoned", .reading))
  }

  @Test func subtitlesTellBooksApartWhereBothHaveOne() {
    #expect(!MatchKey.titlesAgree("Azarinth Healer: Book One", "Azarinth Healer: Book Two"))
    #expect(MatchKey.titlesAgree("Piranesi", "Piranesi: A Novel"))
    #expect(MatchKey.titlesAgree("Dune (Dune, #1)", "Dune"))
    #expect(
      MatchKey.fullTitle("Azarinth Healer: Book One (Azarinth Healer, #1)")
        == "azarinth healer book one")
  }
}

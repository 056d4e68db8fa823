import Testing

@testable import ReadingModel

/// What `hardcover push` makes of one book: the three ways compared part by part, and the
/// mutations sent for its readings and progress.
struct HardcoverPushPlanTests {
  static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

  static func remote(
    status: Int = 2, rating: Double? = nil, reads: [HardcoverUserBook.Read] = []
  ) -> HardcoverUserBook {
    var book = HardcoverUserBook(json: .object(["id": .integer(9), "book_id": .integer(50)]))!
    book.statusID = status
    book.rating = rating
    book.reads = reads
    return book
  }

  static func state(
    _ status: ReadingStatus, rating: String = "", readings: [ReadingPeriod] = [],
    pages: Int? = nil
  ) -> HardcoverState {
    HardcoverState(
      status: status, rating: rating, readings: readings, progress: .init(pages: pages))
  }

  static func plan(
    ours: HardcoverState, remote: HardcoverUserBook?, base: HardcoverState?,
    oursWins: Bool = false
  ) -> HardcoverPushPlan {
    HardcoverPushPlan(
      book: 1, title: "T", bookID: 50, editionID: nil, remote: remote, ours: ours,
      base: base.map {
        $0.base(over: nil, parts: Set(HardcoverState.Part.allCases), userBookID: 9, editionID: nil)
      },
      oursWins: oursWins)
  }

  @Test func eachPartIsSentKeptForAPullOrListedAsAConflict() {
    let base = Self.state(.reading, rating: "3")
    // Here: finished and rated 4; there: rated 2 since.
    let plan = Self.plan(
      ours: Self.state(.finished, rating: "4"), remote: Self.remote(status: 2, rating: 2),
      base: base)
    #expect(plan.sending == [.status])
    #expect(plan.conflicts.map(\.part) == [.rating])
    #expect(plan.inStep == [.readings, .progress])
    let yours = Self.plan(
      ours: Self.state(.finished, rating: "4"), remote: Self.remote(status: 2, rating: 2),
      base: base, oursWins: true)
    #expect(yours.sending == [.status, .rating])
    // Changed there only: left for a pull.
    let there = Self.plan(
      ours: Self.state(.reading, rating: "3"), remote: Self.remote(status: 3, rating: 3),
      base: base)
    #expect(there.changedThere == [.status] && there.sending.isEmpty)
    #expect(there.bookOperation == nil)
  }

  @Test func aRatingIsComparedInHalfStarsSoItIsNotSentAgain() {
    let ours = HardcoverState(
      fields: {
        var fields = BookFields()
        fields[.status] = "finished"
        fields[.rating] = "4.25"
        return fields
      }(), columns: [:])
    #expect(ours.rating == "4.5")
    let plan = Self.plan(ours: ours, remote: Self.remote(status: 3, rating: 4.5), base: nil)
    #expect(plan.sending.isEmpty && plan.conflicts.isEmpty)
  }

  @Test func readingsAreAddedChangedAndTakenOutOneByOne() {
    let kept = HardcoverUserBook.Read(
      id: 70, started: Self.day("2024-01-01"), finished: Self.day("2024-01-20"))
    let gone = HardcoverUserBook.Read(
      id: 71, started: Self.day("2024-03-01"), finished: Self.day("2024-03-09"))
    let open = HardcoverUserBook.Read(
      id: 72, started: Self.day("2024-06-01"), finished: nil, progressPages: 10)
    let base = Self.state(
      .reading, readings: [kept.period, gone.period, open.period], pages: 10)
    let ours = Self.state(
      .reading,
      readings: [
        ReadingPeriod(start: Self.day("2023-12-30"), end: Self.day("2024-01-20")),
        ReadingPeriod(start: Self.day("2024-04-01"), end: Self.day("2024-04-05")),
        open.period,
      ], pages: 55)
    let plan = Self.plan(ours: ours, remote: Self.remote(reads: [kept, gone, open]), base: base)
    #expect(plan.sending == [.readings, .progress])
    let operations = plan.readOperations(userBookID: 9)
    #expect(
      operations == [
        .updateRead(
          id: 70,
          object: ["started_at": .string("2023-12-30"), "finished_at": .string("2024-01-20")]),
        .insertRead(
          userBookID: 9,
          object: ["started_at": .string("2024-04-01"), "finished_at": .string("2024-04-05")]),
        .updateRead(id: 72, object: ["progress_pages": .integer(55), "progress_seconds": .null]),
        .deleteRead(id: 71),
      ])
  }

  @Test func aBookNotThereIsAddedAndOneTakenOutThereIsNotSentAgain() {
    let ours = Self.state(.wantToRead)
    let new = Self.plan(ours: ours, remote: nil, base: nil)
    #expect(
      new.bookOperation
        == .insertUserBook(object: [
          "book_id": .integer(50), "status_id": .integer(1), "rating": .null,
        ]))
    let removed = Self.plan(ours: ours, remote: nil, base: Self.state(.wantToRead))
    #expect(removed.removedThere && !removed.sendsAnything && removed.bookOperation == nil)
  }

  @Test func aReadingFinishedHereFinishesTheReadGoingOnThere() {
    let open = HardcoverUserBook.Read(
      id: 80, started: Self.day("2024-06-01"), finished: nil, progressPages: 150)
    let base = Self.state(.reading, readings: [open.period], pages: 150)
    let finished = ReadingPeriod(start: Self.day("2024-06-01"), end: Self.day("2024-06-20"))
    let plan = Self.plan(
      ours: Self.state(.finished, readings: [finished]), remote: Self.remote(reads: [open]),
      base: base)
    #expect(plan.sending == [.status, .readings, .progress])
    // One read, finished in place: none left going on there, and no progress cleared.
    #expect(
      plan.readOperations(userBookID: 9) == [
        .updateRead(
          id: 80,
          object: ["started_at": .string("2024-06-01"), "finished_at": .string("2024-06-20")])
      ])
  }

  @Test func progressIsNotSentToAReadTakenOutInTheSamePush() {
    // The reading going on was taken out here, and the page moved: the read is deleted
    // there, and not first given the page (which the deletion would lose anyway).
    let done = HardcoverUserBook.Read(
      id: 70, started: Self.day("2024-01-01"), finished: Self.day("2024-01-20"))
    let open = HardcoverUserBook.Read(
      id: 72, started: Self.day("2024-06-01"), finished: nil, progressPages: 10)
    let base = Self.state(.reading, readings: [done.period, open.period], pages: 10)
    let ours = Self.state(.reading, readings: [done.period], pages: 55)
    let plan = Self.plan(ours: ours, remote: Self.remote(reads: [done, open]), base: base)
    #expect(plan.sending == [.readings, .progress])
    #expect(plan.readOperations(userBookID: 9) == [.deleteRead(id: 72)])
    // Said, not dropped in silence.
    #expect(plan.leavesProgress)
  }

  @Test func progressAloneNeverAddsAReading() {
    // Hardcover moved the read's start since the last sync: readings are its change; the
    // page moved here goes on its read, and no second read is made.
    let theirs = HardcoverUserBook.Read(
      id: 81, started: Self.day("2024-06-03"), finished: nil, progressPages: 40)
    let base = Self.state(
      .reading, readings: [ReadingPeriod(start: Self.day("2024-06-01"))], pages: 40)
    let ours = Self.state(
      .reading, readings: [ReadingPeriod(start: Self.day("2024-06-01"))], pages: 90)
    let plan = Self.plan(ours: ours, remote: Self.remote(reads: [theirs]), base: base)
    #expect(plan.changedThere == [.readings] && plan.sending == [.progress])
    #expect(!plan.leavesProgress)
    #expect(
      plan.readOperations(userBookID: 9) == [
        .updateRead(id: 81, object: ["progress_pages": .integer(90), "progress_seconds": .null])
      ])
  }

  @Test func aStatusHardcoverHasAndBookclubHasNotIsNotSentOver() {
    let plan = Self.plan(ours: Self.state(.wantToRead), remote: Self.remote(status: 6), base: nil)
    #expect(plan.conflicts.map(\.theirs) == ["ignored"] && !plan.sending.contains(.status))
  }
}

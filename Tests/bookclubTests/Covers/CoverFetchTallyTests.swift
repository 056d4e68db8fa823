import Testing

@testable import bookclub

/// How `covers fetch` tells what it did: each reason once, however many covers it stopped.
@Suite struct CoverFetchTallyTests {
  @Test func aReasonThatStoppedManyCoversIsSaidOnceWithHowMany() {
    var tally = CoverFetchTally()
    let offline = FetchError.offline("covers.openlibrary.org")
    for isbn in [
      "9791000000015", "9791000000022", "9791000000039", "9791000000046", "9791000000053",
    ] {
      tally.record(isbn, .failure(offline))
    }
    tally.record("9780141439518", .success(.fetched))
    tally.record("9780140449136", .failure(LookupError.notAnImage))
    tally.fresh = 2
    #expect(tally.failed == 6)
    #expect(tally.summary == "1 fetched, 0 unchanged, 0 without a cover, 2 fresh in the cache.")
    #expect(
      tally.problemLines == [
        "Not fetched (5 covers: 9791000000015, 9791000000022, 9791000000039 and 2 more): "
          + offline.explanation,
        "Not fetched: 9780140449136: " + LookupError.notAnImage.explanation,
      ])
  }

  @Test func onlyABatchThatCouldNotConnectAtAllStopsTheRun() {
    let offline: Result<CoverCache.Outcome, any Error> = .failure(FetchError.offline("x"))
    let dns: Result<CoverCache.Outcome, any Error> = .failure(FetchError.dns("x"))
    let slow: Result<CoverCache.Outcome, any Error> = .failure(FetchError.timeout("x"))
    #expect(CoverFetchTally.networkIsUnreachable([offline, dns]))
    #expect(!CoverFetchTally.networkIsUnreachable([offline, .success(.fetched)]))
    #expect(!CoverFetchTally.networkIsUnreachable([offline, slow]))
    #expect(!CoverFetchTally.networkIsUnreachable([]))
  }
}

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

  @Test func pastTenReasonsTheRestAreCountedNotDropped() {
    var tally = CoverFetchTally()
    for status in 500..<512 {
      tally.record("978\(status)", .failure(LookupError.status(status)))
    }
    #expect(tally.failed == 12)
    #expect(tally.problemLines.count == 11)
    #expect(tally.problemLines.last == "… and 2 more reasons.")
  }

  @Test func aNetworkTimeoutFromTheEnvironmentIsKeptWithinReason() {
    func timeout(_ text: String) -> Double {
      FetchHelper(environment: ["BOOKCLUB_NETWORK_TIMEOUT": text]).timeout
    }
    #expect(timeout("3") == 3)
    for hostile in ["inf", "nan", "-1", "0", "1e308", "", "ten"] {
      #expect(timeout(hostile) == 15, "\(hostile)")
    }
    #expect(FetchHelper(environment: [:], timeoutLimit: 4).timeout == 4)
  }
}

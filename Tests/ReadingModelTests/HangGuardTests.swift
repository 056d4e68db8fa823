import TestSupport
import Testing

/// The tests' hang guard counts the time the machine ran: a freeze of the machine between
/// two looks counts as a short gap, so it does not end every wait under way at once.
struct HangGuardTests {
  let start = ContinuousClock.now

  @Test func looksCloseTogetherCountInFull() {
    var guardTime = HangGuard(.seconds(1), start: start)
    let looks = [500, 999, 1000].map { guardTime.hasRunOut(at: start + .milliseconds($0)) }
    #expect(looks == [false, false, true])
  }

  @Test func aFreezeBetweenTwoLooksCountsAsAStallOnly() {
    var guardTime = HangGuard(.seconds(60), start: start)
    let afterFreezes = [59, 120].map { guardTime.hasRunOut(at: start + .seconds($0)) }
    #expect(afterFreezes == [false, false])  // two looks, 59 s and 61 s apart: 4 s counted
    #expect(guardTime.summary == "longest gap between looks 61.0 s")
    // A program that hangs while the looks go on is still caught: 56 s more of them.
    var look = start + .seconds(120)
    var looks = 0
    while !guardTime.hasRunOut(at: look) {
      look += .milliseconds(20)
      looks += 1
    }
    #expect(looks == 2800)
  }
}

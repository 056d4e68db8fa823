import Testing

@testable import bookclub

/// `Retry-After` as a server may send it: seconds, an HTTP date in any of its three forms,
/// or nonsense, which says nothing.
struct RetryAfterTests {
  /// 1994-11-06 08:49:37 UTC, the example of RFC 9110.
  static let example = 784_111_777

  @Test(arguments: [
    "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
  ])
  func everyFormOfTheDateIsRead(_ text: String) {
    #expect(HTTPDate.secondsSince1970(text) == Self.example)
    #expect(RetryAfter.seconds(text, now: Self.example - 90) == 90)
  }

  @Test(arguments: [
    "-5", "", "soon", "1.5", "+5", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT",
    "Sun, 06 Nov 1994 08:49:37 GMT",  // past
  ])
  func nonsenseSaysNothing(_ text: String) {
    #expect(RetryAfter.seconds(text, now: Self.example + 1) == nil)
  }

  @Test func secondsAreHeldToADay() {
    #expect(RetryAfter.seconds("30") == 30)
    #expect(RetryAfter.seconds(" 0 ") == 0)
    #expect(RetryAfter.seconds("99999999999999999999999") == RetryAfter.longest)
    #expect(RetryAfter.seconds("Sun, 06 Nov 2094 08:49:37 GMT", now: Self.example) == 86_400)
  }

  @Test func theWaitIsSaidAsAPersonWouldSayIt() {
    #expect(
      [0, 1, 30, 119, 120, 301, 7200, 86_400].map(RetryAfter.phrase) == [
        "now", "in 1 second", "in 30 seconds", "in 119 seconds", "in 2 minutes", "in 6 minutes",
        "in 2 hours", "in 24 hours",
      ])
  }
}

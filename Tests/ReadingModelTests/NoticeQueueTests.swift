import ReadingModel
import TestSupport
import Testing

@MainActor
@Suite struct NoticeQueueTests {
  let clock = ManualClock()

  func makeQueue() -> NoticeQueue {
    NoticeQueue(clock: clock, showingDuration: .seconds(3), gap: .milliseconds(500))
  }

  @Test func showsOneAtATimeInOrderWithAGap() {
    let queue = makeQueue()
    queue.push("first")
    queue.push("second", level: .warning)
    #expect(queue.current?.message == "first")
    clock.advance(by: .milliseconds(2999))
    queue.update()
    #expect(queue.current?.message == "first")
    clock.advance(by: .milliseconds(1))
    queue.update()
    #expect(queue.current == nil)  // the gap
    clock.advance(by: .milliseconds(499))
    queue.update()
    #expect(queue.current == nil)
    clock.advance(by: .milliseconds(1))
    queue.update()
    #expect(queue.current == Notice("second", level: .warning))
    clock.advance(by: .seconds(10))
    queue.update()
    #expect(queue.isEmpty)
  }

  @Test func aLongPauseShowsEachNoticeItsFullTimeInTurn() {
    let queue = makeQueue()
    queue.push("a")
    queue.push("b")
    queue.push("c")
    clock.advance(by: .milliseconds(3500))  // a's time and the gap: b is due now
    queue.update()
    #expect(queue.current?.message == "b")
    clock.advance(by: .milliseconds(3400))
    queue.update()
    #expect(queue.current == nil)
  }

  @Test func identicalWaitingMessagesMerge() {
    let queue = makeQueue()
    queue.push("shown now")
    queue.push("3 rows skipped", level: .warning)
    queue.push("3 rows skipped", level: .warning)
    queue.push("other")
    queue.push("3 rows skipped", level: .warning)
    #expect(
      queue.pending == [Notice("3 rows skipped", level: .warning, count: 3), Notice("other")])
  }

  @Test func skipHidesTheCurrentAndTheNextFollowsAfterTheGap() {
    let queue = makeQueue()
    queue.push("one")
    queue.push("two")
    clock.advance(by: .seconds(1))
    queue.skipCurrent()
    #expect(queue.current == nil)
    clock.advance(by: .milliseconds(500))
    queue.update()
    #expect(queue.current?.message == "two")
  }

  @Test func drainTakesEverythingInOrder() {
    let queue = makeQueue()
    queue.push("one")
    queue.push("two")
    queue.push("two")
    #expect(queue.drain() == [Notice("one"), Notice("two", count: 2)])
    #expect(queue.isEmpty)
    queue.push("three")
    #expect(queue.current?.message == "three")
  }
}

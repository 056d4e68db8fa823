import Foundation
import Synchronization
import Testing

@testable import ReadingModel

/// A page source whose requests wait until the test answers them, in order, so tests
/// decide exactly when (and whether) each result arrives.
public final class ControllableSource: Sendable {
  private struct Request {
    var query: PageQuery
    var continuation: CheckedContinuation<BookPage, any Error>
  }

  private let pending = Mutex<[Request]>([])
  private let started = Mutex(0)

  public init() {}

  /// The source to hand to a store.
  public var source: ReadingListStore.Source {
    { [self] query in
      try await withCheckedThrowingContinuation { continuation in
        pending.withLock { $0.append(Request(query: query, continuation: continuation)) }
        started.withLock { $0 += 1 }
      }
    }
  }

  /// How many requests the store has made so far.
  public var requestCount: Int { started.withLock { $0 } }

  /// Waits until the store has made `count` requests.
  ///
  /// - Returns: The query of the newest request.
  @discardableResult
  public func waitForRequests(_ count: Int) async -> PageQuery? {
    do {
      try await Wait.until("the store to make request \(count)") { requestCount >= count }
    } catch {
      Issue.record("the store never made request \(count)")
      return nil
    }
    return pending.withLock { $0.last?.query }
  }

  /// Answers the oldest waiting request.
  public func respond(_ result: Result<BookPage, any Error>) {
    let request = pending.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    guard let request else {
      Issue.record("no request is waiting")
      return
    }
    request.continuation.resume(with: result)
  }
}

/// A page of books with the given ids; `next` continues after the last one.
public func page(_ ids: [Int64], hasMore: Bool) -> BookPage {
  let date = Date(milliseconds: 1_700_000_000_000)
  let books = ids.map {
    ListedBook(
      book: Book(id: $0, title: "Book \($0)", authors: ["A"], dateAdded: date, dateUpdated: date))
  }
  let last = ids.last ?? 0
  let next =
    hasMore ? PageCursor(sort: .id, position: ids.count, key: String(last), lastID: last) : nil
  return BookPage(books: books, next: next)
}

public struct SourceFailure: Error, Equatable {
  public init() {}
}

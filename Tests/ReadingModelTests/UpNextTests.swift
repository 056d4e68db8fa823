import Foundation
import Testing

@testable import ReadingModel

/// The Up Next queue's places (issue 28): a move writes one book, between its neighbours;
/// when no number is left between two, the queue is numbered again and the order holds.
@Suite struct UpNextTests {
  let folder = TemporaryFolder()

  @Test func movesIntoOneGapNumberTheQueueAgainAndKeepItsOrder() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    for index in 0..<4 { _ = try await library.add(try sampleBook(index)) }
    for id in Int64(1)...3 { _ = try await library.apply(.edit(id, .upNext(.last))) }
    _ = try await library.apply(.edit(4, .upNext(.first)))
    #expect(try await library.details(of: 4).upNext == 0)
    // Books 2 and 3 take turns right behind book 1: 80 halvings of one gap.
    for round in 0..<80 {
      _ = try await library.apply(.edit(round % 2 == 0 ? 3 : 2, .upNext(.after(1))))
    }
    #expect(try await library.upNext(limit: nil).map(\.id) == [4, 1, 2, 3])
    // Numbered 1, 2, 3… again on the way: the first book's place moved from 0 to 1.
    #expect(try await library.details(of: 4).upNext == 1)
    // Out, and back at the front.
    _ = try await library.apply(.edit(3, .upNext(.out)))
    _ = try await library.apply(.edit(3, .upNext(.first)))
    #expect(try await library.upNext(limit: 2).map(\.id) == [3, 4])
    await #expect(throws: UpNextError.notQueued(9)) {
      try await library.apply(.edit(1, .upNext(.before(9))))
    }
  }
}

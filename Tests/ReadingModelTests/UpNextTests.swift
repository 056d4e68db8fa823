import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// The Up Next queue's places (issue 28): keys of text that always have one between them,
/// so a move writes one book, however many moves went into one gap.
@Suite struct UpNextTests {
  let folder = TemporaryFolder()

  @Test func aKeyBetweenTwoIsBetweenThemAndValid() {
    var random = SeededGenerator(seed: 28)
    var keys = [UpNextKey.between(nil, nil)]
    for _ in 0..<2_000 {
      // A new key at a random place of the sorted keys: before the first, after the last,
      // or between two neighbours.
      let index = Int(random.next() % UInt64(keys.count + 1))
      let lower = index == 0 ? nil : keys[index - 1]
      let upper = index == keys.count ? nil : keys[index]
      let key = UpNextKey.between(lower, upper)
      #expect(UpNextKey.isValid(key), "\(key)")
      if let lower { #expect(lower < key, "\(lower) < \(key)") }
      if let upper { #expect(key < upper, "\(key) < \(upper)") }
      keys.insert(key, at: index)
    }
    #expect(keys == keys.sorted())
    for invalid in ["", "V0", "a-b", "é", String(repeating: "V", count: 201)] {
      #expect(!UpNextKey.isValid(invalid), "\(invalid)")
    }
  }

  @Test func movesIntoOneGapWriteOnlyTheBookMoved() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    for index in 0..<4 { _ = try await library.add(try sampleBook(index)) }
    for id in Int64(1)...3 { _ = try await library.apply(.edit(id, .upNext(.last))) }
    _ = try await library.apply(.edit(4, .upNext(.first)))
    let first = try await library.details(of: 4).upNext
    // Books 2 and 3 take turns right behind book 1: 80 moves into one gap.
    for round in 0..<80 {
      _ = try await library.apply(.edit(round % 2 == 0 ? 3 : 2, .upNext(.after(1))))
    }
    #expect(try await library.upNext(limit: nil).map(\.id) == [4, 1, 2, 3])
    #expect(try await library.details(of: 4).upNext == first)
    let key = try #require(try await library.details(of: 2).upNext)
    #expect(key.count < 40, "\(key)")
    // Out, and back at the front.
    _ = try await library.apply(.edit(3, .upNext(.out)))
    _ = try await library.apply(.edit(3, .upNext(.first)))
    #expect(try await library.upNext(limit: 2).map(\.id) == [3, 4])
    await #expect(throws: UpNextError.notQueued(9)) {
      try await library.apply(.edit(1, .upNext(.before(9))))
    }
  }
}

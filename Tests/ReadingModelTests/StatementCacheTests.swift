import Foundation
import Testing

@testable import ReadingModel

/// A connection keeps at most so many compiled statements: SQL built at run time (a page's
/// filters, a search's words) does not pile up, and what is dropped still runs correctly.
@Suite struct StatementCacheTests {
  let folder = TemporaryFolder()

  func connection(capacity: Int) throws -> SQLiteConnection {
    let connection = try SQLiteConnection(
      path: folder.path("cache.sqlite"), mode: .create, statementCapacity: capacity)
    try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    for id in 1...20 {
      try connection.run(
        "INSERT INTO t (id, body) VALUES (?, ?)", [.integer(Int64(id)), .text("b\(id)")])
    }
    return connection
  }

  @Test func manyDistinctStatementsKeepTheCacheAtItsBoundAndAnswerCorrectly() throws {
    let connection = try connection(capacity: 8)
    for round in 0..<3 {
      for id in 1...20 {
        // A different statement for each id, as an IN list of a different length would be.
        let marks = Array(repeating: "?", count: id).joined(separator: ", ")
        let ids = (1...id).map { SQLiteValue.integer(Int64($0)) }
        let count = try connection.integer("SELECT count(*) FROM t WHERE id IN (\(marks))", ids)
        #expect(count == Int64(id), "round \(round), \(id) ids")
        #expect(connection.cachedStatementCount <= 8)
      }
    }
    #expect(connection.cachedStatementCount == 8)
  }

  @Test func theStatementUsedLongestAgoIsTheOneDropped() throws {
    let connection = try connection(capacity: 3)
    let kept = "SELECT body FROM t WHERE id = ?"
    for id in 1...10 {
      #expect(try connection.first(kept, [.integer(Int64(id))]) { $0.text(0) } == "b\(id)")
      // Two others between uses: `kept` is never the oldest of three.
      _ = try connection.integer("SELECT \(id)")
      _ = try connection.integer("SELECT -\(id)")
      #expect(connection.isCaching(kept))
    }
    #expect(!connection.isCaching("SELECT 1"))
  }

  @Test func aStatementDroppedWhileItsRowsAreReadFinishesItsRun() throws {
    let connection = try connection(capacity: 2)
    var bodies: [String] = []
    try connection.forEach("SELECT body FROM t ORDER BY id") { row in
      bodies.append(row.text(0))
      // Enough other statements to push the running one out of the cache.
      for other in 0..<3 { _ = try connection.integer("SELECT \(other) + \(bodies.count)") }
    }
    #expect(bodies == (1...20).map { "b\($0)" })
    #expect(!connection.hasRunningStatements)
  }

  @Test func theSameStatementRunInsideItsOwnRunGetsACopy() throws {
    let connection = try connection(capacity: 8)
    let sql = "SELECT id FROM t WHERE id <= ? ORDER BY id"
    var pairs: [[Int64]] = []
    try connection.forEach(sql, [.integer(3)]) { row in
      let outer = row.int64(0)
      pairs.append([outer] + (try connection.all(sql, [.integer(outer)]) { $0.int64(0) }))
    }
    #expect(pairs == [[1, 1], [2, 1, 2], [3, 1, 2, 3]])
    #expect(!connection.hasRunningStatements)
  }

  @Test func aLibraryBrowsedWithManySearchesKeepsItsCacheBounded() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    for index in 0..<3 { _ = try await library.add(try sampleBook(index)) }
    for count in 1...SQLiteStatementCache.defaultCapacity + 50 {
      // Each search a different number of words: a different statement each time.
      let words = (1...count).map { "w\($0)" }.joined(separator: " ")
      _ = try await library.page(PageQuery(limit: 5, search: words))
    }
    let cached = try #require(await library.cachedStatementCount)
    #expect(cached <= SQLiteStatementCache.defaultCapacity)
  }
}

extension SQLiteLibrary {
  /// How many statements the open connection keeps, `nil` when none is open.
  var cachedStatementCount: Int? {
    (try? connectionForReading())??.cachedStatementCount
  }
}

import CSQLite
import Foundation
import Testing

@testable import ReadingModel

/// A write inside another write is a savepoint of it: the inner one's error undoes only its
/// own changes when the caller catches it, and the outer one decides what is kept.
@Suite struct SavepointTests {
  let folder = TemporaryFolder()

  struct Failure: Error {}

  func connection() throws -> SQLiteConnection {
    let connection = try SQLiteConnection(path: folder.path("nested.sqlite"), mode: .create)
    try connection.execute("CREATE TABLE t (body TEXT NOT NULL)")
    return connection
  }

  func bodies(_ connection: SQLiteConnection) throws -> [String] {
    try connection.all("SELECT body FROM t ORDER BY rowid") { $0.text(0) }
  }

  func insert(_ body: String, on connection: SQLiteConnection) throws {
    try connection.run("INSERT INTO t (body) VALUES (?)", [.text(body)])
  }

  @Test func anInnerWriteCommitsWithTheOuterOne() throws {
    let connection = try connection()
    try connection.writeTransaction {
      try insert("outer", on: connection)
      try connection.writeTransaction {
        try insert("inner", on: connection)
        try connection.writeTransaction { try insert("innermost", on: connection) }
      }
      #expect(connection.isInTransaction)
    }
    #expect(!connection.isInTransaction)
    #expect(try bodies(connection) == ["outer", "inner", "innermost"])
  }

  @Test func anInnerErrorRollsBackOnlyTheInnerPartWhenItIsCaught() throws {
    let connection = try connection()
    try connection.writeTransaction {
      try insert("before", on: connection)
      #expect(throws: Failure.self) {
        try connection.writeTransaction {
          try insert("inner", on: connection)
          try connection.writeTransaction { try insert("innermost", on: connection) }
          throw Failure()
        }
      }
      // The savepoint is gone: a second inner write nests at the same depth again.
      try connection.writeTransaction { try insert("second inner", on: connection) }
      try insert("after", on: connection)
    }
    #expect(try bodies(connection) == ["before", "second inner", "after"])
  }

  @Test func anOuterErrorRollsBackEverythingInsideIt() throws {
    let connection = try connection()
    try insert("earlier", on: connection)
    #expect(throws: Failure.self) {
      try connection.writeTransaction {
        try insert("outer", on: connection)
        try connection.writeTransaction { try insert("inner", on: connection) }
        throw Failure()
      }
    }
    #expect(!connection.isInTransaction)
    #expect(try bodies(connection) == ["earlier"])
  }

  @Test func anInnerErrorThatIsNotCaughtRollsBackTheWhole() throws {
    let connection = try connection()
    #expect(throws: Failure.self) {
      try connection.writeTransaction {
        try insert("outer", on: connection)
        try connection.writeTransaction { throw Failure() }
      }
    }
    #expect(try bodies(connection).isEmpty)
  }

  @Test func aWriteInsideAReadIsRefusedAndTheReadGoesOn() throws {
    let connection = try connection()
    try insert("one", on: connection)
    try connection.readTransaction {
      do {
        try connection.writeTransaction { try insert("two", on: connection) }
        Issue.record("a write inside a read ran")
      } catch let error as SQLiteError {
        #expect(error.primaryCode == SQLITE_MISUSE)
      }
      #expect(try bodies(connection) == ["one"])
    }
  }

  @Test func noStatementRunsOnceSQLiteRolledTheTransactionBack() throws {
    let connection = try connection()
    #expect(throws: SQLiteError.self) {
      try connection.writeTransaction {
        try insert("lost", on: connection)
        // As SQLite does itself after some errors (a full disk): the whole transaction is
        // gone, and what follows would otherwise commit on its own.
        try connection.executeUnchecked("ROLLBACK")
        try insert("alone", on: connection)
      }
    }
    #expect(try bodies(connection).isEmpty)
    try connection.writeTransaction { try insert("next", on: connection) }
    #expect(try bodies(connection) == ["next"])
  }

  @Test func aLibraryWriteInsideAnotherIsASavepointOfIt() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let kept = try await library.writeWithAFailingInnerWrite()
    #expect(kept == ["outer", "inner", "after"])
    #expect(try await library.tableBodies() == ["outer", "inner", "after"])
  }
}

extension SQLiteLibrary {
  /// Writes in a write: one inner write that succeeds, one that fails and is caught.
  fileprivate func writeWithAFailingInnerWrite() throws -> [String] {
    try writing { connection in
      try connection.execute("CREATE TABLE t (body TEXT NOT NULL)")
      try connection.run("INSERT INTO t (body) VALUES ('outer')")
      try writing { inner in try inner.run("INSERT INTO t (body) VALUES ('inner')") }
      _ = try? writing { inner -> Void in
        try inner.run("INSERT INTO t (body) VALUES ('failed inner')")
        throw SavepointTests.Failure()
      }
      try connection.run("INSERT INTO t (body) VALUES ('after')")
      return try connection.all("SELECT body FROM t ORDER BY rowid") { $0.text(0) }
    }
  }

  fileprivate func tableBodies() throws -> [String] {
    try reading(orIfMissing: []) { connection in
      try connection.all("SELECT body FROM t ORDER BY rowid") { $0.text(0) }
    }
  }
}

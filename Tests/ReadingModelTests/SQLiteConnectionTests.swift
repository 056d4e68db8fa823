import Foundation
import Testing

@testable import ReadingModel

/// The SQLite layer cannot be misused: statements are reset whatever happens, a failed one
/// is not reused, errors name their SQL, text comes back whole.
@Suite struct SQLiteConnectionTests {
  let folder = TemporaryFolder()

  func connection() throws -> SQLiteConnection {
    let connection = try SQLiteConnection(path: folder.path("test.sqlite"), mode: .create)
    try connection.execute(
      "CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT CHECK (body <> 'bad'))")
    return connection
  }

  @Test func aFailedStatementIsResetAndLeavesTheCache() throws {
    let connection = try connection()
    try connection.run("INSERT INTO t (body) VALUES (?)", [.text("good")])
    let cached = connection.cachedStatementCount
    #expect(throws: SQLiteError.self) {
      try connection.run("INSERT INTO t (body) VALUES (?)", [.text("bad")])
    }
    #expect(!connection.hasRunningStatements)
    #expect(connection.cachedStatementCount == cached - 1)
    do {
      try connection.run("INSERT INTO t (body) VALUES (?)", [.text("bad")])
    } catch let error as SQLiteError {
      #expect(error.sql == "INSERT INTO t (body) VALUES (?)")
      #expect(error.description.contains("in: INSERT INTO t"))
    }
    // A read that throws half-way through its rows is reset too.
    struct Stop: Error {}
    try connection.run("INSERT INTO t (body) VALUES ('second')")
    #expect(throws: Stop.self) {
      try connection.forEach("SELECT body FROM t") { _ in throw Stop() }
    }
    #expect(!connection.hasRunningStatements)
    #expect(try connection.integer("SELECT count(*) FROM t") == 2)
  }

  @Test func textWithANulComesBackWhole() throws {
    let connection = try connection()
    let text = "before\u{0}after 📚"
    try connection.run("INSERT INTO t (body) VALUES (?)", [.text(text)])
    #expect(try connection.first("SELECT body FROM t") { $0.text(0) } == text)
    try connection.run("INSERT INTO t (body) VALUES (?)", [.text("")])
    #expect(try connection.first("SELECT body FROM t WHERE id = 2") { $0.optionalText(0) } == "")
  }

  @Test func theJSONParserRefusesWhatWouldExhaustMemoryOrStack() {
    var deep = JSONParser(bytes: Array((String(repeating: "[", count: 100) + "1").utf8))
    #expect(throws: JSONError.tooDeep(line: 1, limit: JSONParser.depthLimit)) {
      try deep.value()
    }
    let long = "[\"" + String(repeating: "x", count: 2000) + "\", 1, 2]"
    var huge = JSONParser(bytes: Array(long.utf8), limit: 1000)
    #expect(throws: JSONError.tooLarge(line: 1, limit: 1000)) { try huge.value() }
    var many = JSONParser(
      bytes: Array(("[" + Array(repeating: "1", count: 600).joined(separator: ",") + "]").utf8),
      limit: 1000)
    #expect(throws: JSONError.tooLarge(line: 1, limit: 1000)) { try many.value() }
    var broken = JSONParser(bytes: Array("{\"a\":\n  tru}".utf8))
    #expect(throws: JSONError.syntax(line: 2, column: 6, detail: "expected 'true'")) {
      try broken.value()
    }
  }
}

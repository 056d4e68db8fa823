/// A connection's compiled statements by their SQL, at most ``capacity`` of them: the one
/// used longest ago is dropped (and finalized, once no run holds it) to make room.
///
/// Statements built at run time (a page's filters, a search's words, an `IN` list's
/// length) are each new SQL: kept forever, a long browse session would keep thousands.
struct SQLiteStatementCache {
  private struct Entry {
    let statement: SQLiteStatement
    var lastUse: UInt64
  }

  /// The most statements kept. Every statement bookclub writes out in full fits many times
  /// over in one command; what is dropped is mostly SQL built for one query.
  static let defaultCapacity = 128

  let capacity: Int
  private var entries: [String: Entry] = [:]
  /// Counts uses, so that the entry used longest ago has the smallest `lastUse`.
  private var clock: UInt64 = 0

  init(capacity: Int = Self.defaultCapacity) {
    precondition(capacity > 0, "a statement cache holds at least one statement")
    self.capacity = capacity
  }

  /// How many statements are kept.
  var count: Int { entries.count }

  /// Whether a statement is kept for `sql` (without marking it used).
  func contains(_ sql: String) -> Bool { entries[sql] != nil }

  /// The statement kept for `sql`, marked as just used; `nil` when none is kept.
  mutating func statement(for sql: String) -> SQLiteStatement? {
    // One lookup, by index: each lookup by key hashes the whole SQL, and a bulk import
    // asks for the same few statements hundreds of thousands of times.
    guard let index = entries.index(forKey: sql) else { return nil }
    clock += 1
    entries.values[index].lastUse = clock
    return entries.values[index].statement
  }

  /// Keeps `statement` for `sql`, dropping the statement used longest ago when full.
  mutating func keep(_ statement: SQLiteStatement, for sql: String) {
    if entries[sql] == nil, entries.count >= capacity,
      let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
    {
      // A scan of at most `capacity` entries, only when a new statement was just compiled
      // (which costs far more).
      entries[oldest] = nil
    }
    clock += 1
    entries[sql] = Entry(statement: statement, lastUse: clock)
  }

  /// Drops the statement kept for `sql` when it is `statement` (not a copy made while the
  /// kept one was running).
  mutating func remove(_ sql: String, ifItIs statement: SQLiteStatement) {
    if entries[sql]?.statement === statement { entries[sql] = nil }
  }

  /// Drops every statement.
  mutating func removeAll() {
    entries.removeAll()
  }
}

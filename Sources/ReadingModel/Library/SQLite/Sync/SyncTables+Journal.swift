#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SyncTables {
  /// The device this library syncs as, once `sync init` or `sync join` set it.
  var device: SyncDeviceID? {
    get throws { try info("device").flatMap(SyncDeviceID.init) }
  }

  /// The books changed by records after `?1`. A sync's own writes are what the journals
  /// said; their undo or redo is a change here. `+m.book_id`: with `book_id IS NOT NULL`
  /// SQLite reads the members through their partial index by book, all of them (a library
  /// with a few imports has a million), not the few after `?1` by `seq`; every command that
  /// writes asks this (`SyncSendObserver`).
  static let changedSince = """
    SELECT book_id FROM library_changes
    WHERE seq > ?1 AND book_id IS NOT NULL AND (kind <> 'sync' OR action <> 'change')
    UNION SELECT m.book_id FROM library_change_members m
    WHERE m.seq > ?1 AND +m.book_id IS NOT NULL ORDER BY 1
    """

  /// Records in the outbox what changed in the books the library's record names since the
  /// last time (every book, the first time, or when the record was trimmed past it).
  ///
  /// - Returns: The books that had changed.
  @discardableResult
  func journalChanges() throws -> [Book.ID] {
    guard try device != nil else { return [] }
    let journaled = Int64(try info("journaled") ?? "") ?? 0
    let newest = try connection.integer("SELECT max(seq) FROM library_changes") ?? 0
    let oldest = try connection.integer("SELECT min(seq) FROM library_changes") ?? 0
    let ids: [Book.ID]
    if journaled == 0 || oldest > journaled + 1 {
      ids = try connection.all(
        """
        SELECT id FROM books UNION SELECT book_id FROM trash
        UNION SELECT book_id FROM sync_books ORDER BY 1
        """
      ) { $0.int64(0) }
    } else {
      ids = try connection.all(Self.changedSince, [.integer(journaled)]) { $0.int64(0) }
    }
    var changed: [Book.ID] = []
    for id in ids where try journal(bookID: id) { changed.append(id) }
    try setInfo("journaled", String(newest))
    return changed
  }

  /// Records in the outbox what changed in one book since its state was last journaled.
  ///
  /// - Returns: Whether it had changed.
  func journal(bookID id: Book.ID) throws -> Bool {
    if let known = try state(ofBookID: id) {
      let journaled = try journal(known.state, of: known.book, id: id)
      return journaled != known.state
    }
    guard let item = try localItem(id) else { return false }
    let stamp = try nextStamp()
    let book = UUID().uuidString.lowercased()
    var state = SyncBookState(claim: id, added: stamp)
    guard var change = state.change(toward: item, book: book) else { return false }
    change.claim = id
    state.merge(change, stamped: stamp)
    try save(state, of: book, id: id, addKey: change.addKey)
    try setInfo("unsettled", "1")
    try queue(.book(change), stamp: stamp)
    return true
  }

  /// Records what changed in a book since `state`, and returns the state with it.
  func journal(_ state: SyncBookState, of book: String, id: Book.ID) throws -> SyncBookState {
    guard let change = state.change(toward: try localItem(id), book: book) else { return state }
    let stamp = try nextStamp()
    var state = state
    try keep(state.merge(change, stamped: stamp), of: book)
    try save(state, of: book, id: id)
    try queue(.book(change), stamp: stamp)
    return state
  }

  /// The book as the library holds it, whole; `nil` when it is not in the library.
  func localItem(_ id: Book.ID) throws -> LibraryArchive.Item? {
    guard let book = try BookTables(connection: connection).book(id) else { return nil }
    return try BookArchiveTables(connection: connection).item(of: book)
  }

  /// Puts a line in the outbox, numbered after the last.
  func queue(_ kind: SyncLine.Kind, stamp: SyncStamp) throws {
    guard let device = try device else { return }
    let sequence = (Int(try info("sequence") ?? "") ?? 0) + 1
    let line = SyncLine(device: device, sequence: sequence, stamp: stamp, kind: kind)
    try connection.run(
      "INSERT INTO sync_outbox (seq, line) VALUES (?, ?)",
      [.integer(Int64(sequence)), .text(String(decoding: line.jsonLine.dropLast(), as: UTF8.self))])
    try setInfo("sequence", String(sequence))
  }

  /// This device's next stamp: after every stamp it has made or seen.
  func nextStamp() throws -> SyncStamp {
    guard let device = try device else { throw SyncError.notSyncing }
    let latest = try info("stamp").flatMap(SyncStamp.init)
    let stamp = SyncStamp.next(after: latest, now: Date().milliseconds, device: device)
    try setInfo("stamp", stamp.description)
    return stamp
  }
}

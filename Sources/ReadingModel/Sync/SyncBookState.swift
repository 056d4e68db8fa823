/// What every device's changes made of one book: each field's value with the stamp of the
/// change that set it, each entry, status change and history event likewise (a removed one
/// as `.null`), whether it is in the trash, and the id the device that added it gave it.
///
/// Merging is a join: a field takes the value of its latest stamp, whatever order the
/// changes come in, so every device that has read every journal holds the same state, and
/// the book it makes of it (``item(id:)``) is the same.
public struct SyncBookState: Sendable, Equatable {
  /// A value with the stamp of the change that set it, and the stamp it replaced there.
  public struct Register: Sendable, Equatable {
    public var value: JSONValue
    public var stamp: SyncStamp
    public var previous: SyncStamp?
    /// Whether an add set it: when two devices' adds of one book merge, a value either
    /// device changed since wins over what an add said, whatever the stamps, and of two
    /// adds the earlier one's (the library the other device joined) wins.
    public var fromAdd = false

    /// Orders registers, the same on every device: a change over an add; of two changes,
    /// the later; of two adds, the earlier.
    func outranks(_ other: Register) -> Bool {
      switch (fromAdd, other.fromAdd) {
      case (false, true): true
      case (true, false): false
      case (true, true): stamp < other.stamp
      case (false, false): stamp > other.stamp
      }
    }
  }

  public var fields: [String: Register] = [:]
  public var items: [String: Register] = [:]
  public var removed: Register?
  /// The id the adding device gave the book, and the stamp of the add.
  public var claim: Int64
  public var added: SyncStamp

  /// The archive item's members that are not plain fields: its id and its lists.
  static let structuredMembers: Set<String> = [
    "id", "details", "progress", "statusChanges", "history",
  ]
  /// The lists whose members are items, by key.
  static let itemLists = ["progress", "statusChanges", "history"]
  /// Fields every change sets, or that follow from others: never a conflict.
  static let derivedFields: Set<String> = [
    "added", "updated", "details.readings", "details.readCount",
  ]

  public init(claim: Int64, added: SyncStamp) {
    self.claim = claim
    self.added = added
  }

  /// Whether the book is in the trash.
  public var isRemoved: Bool { removed?.value == .bool(true) }

  /// Takes in a change.
  ///
  /// - Parameters:
  ///   - change: A `book` line's change of this book.
  ///   - stamp: The line's stamp.
  /// - Returns: The fields where the change and this state's value were made without
  ///   either device having seen the other's: the conflicts, winner and loser.
  @discardableResult
  public mutating func merge(_ change: SyncBookChange, stamped stamp: SyncStamp)
    -> [SyncConflict]
  {
    if let claim = change.claim, stamp < added || (stamp == added && claim != self.claim) {
      self.claim = claim
      added = stamp
    }
    var conflicts: [SyncConflict] = []
    for (name, value) in change.fields {
      let incoming = Register(
        value: value, stamp: stamp, previous: change.previous[name],
        fromAdd: change.claim != nil)
      if let conflict = take(incoming, into: &fields[name], field: name) {
        conflicts.append(conflict)
      }
    }
    for (key, value) in change.items {
      _ = take(Register(value: value, stamp: stamp, previous: nil), into: &items[key], field: nil)
    }
    if let removed = change.removed {
      _ = take(
        Register(value: .bool(removed), stamp: stamp, previous: nil), into: &self.removed,
        field: nil)
    }
    return conflicts
  }

  /// Takes in another state of the same book (two devices' adds found to be one book).
  public mutating func merge(_ other: SyncBookState) {
    if other.added < added {
      claim = other.claim
      added = other.added
    }
    for (name, register) in other.fields { _ = take(register, into: &fields[name], field: nil) }
    for (key, register) in other.items { _ = take(register, into: &items[key], field: nil) }
    if let removed = other.removed { _ = take(removed, into: &self.removed, field: nil) }
  }

  /// Keeps the later register; names a conflict where neither change saw the other.
  private func take(_ incoming: Register, into slot: inout Register?, field: String?)
    -> SyncConflict?
  {
    guard let current = slot else {
      slot = incoming
      return nil
    }
    guard incoming.stamp != current.stamp else { return nil }
    let (winner, loser) = incoming.outranks(current) ? (incoming, current) : (current, incoming)
    slot = winner
    // A conflict only where the winner had not seen the loser: the stamp it replaced is
    // older than the loser's (or it replaced none). The loser cannot have seen the winner:
    // a stamp replaced is always older than the stamp replacing it.
    guard let field, !Self.derivedFields.contains(field), winner.value != loser.value,
      !loser.fromAdd || winner.fromAdd,
      winner.previous.map({ $0 < loser.stamp }) ?? true
    else { return nil }
    return SyncConflict(
      field: field, kept: winner.value, keptStamp: winner.stamp, lost: loser.value,
      lostStamp: loser.stamp)
  }
}

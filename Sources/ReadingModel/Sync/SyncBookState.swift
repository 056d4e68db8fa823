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
    "id", "details", "progress", "statusChanges", "history", "highlights", "sessions",
  ]
  /// The lists whose members are items, by key.
  static let itemLists = ["progress", "statusChanges", "history", "highlights", "sessions"]
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

  /// A value that lost its field to another: kept, so that whether it was seen by the
  /// value that won (or is a conflict) is decided by every device from the same values.
  public struct Replaced: Sendable, Equatable {
    public var field: String
    public var register: Register
  }

  /// Takes in a change.
  ///
  /// - Parameters:
  ///   - change: A `book` line's change of this book.
  ///   - stamp: The line's stamp.
  /// - Returns: The values of fields (not derived ones) that lost to another, this
  ///   change's included: what ``conflicts(among:)`` reads.
  @discardableResult
  public mutating func merge(_ change: SyncBookChange, stamped stamp: SyncStamp) -> [Replaced] {
    if let claim = change.claim, stamp < added || (stamp == added && claim != self.claim) {
      self.claim = claim
      added = stamp
    }
    var replaced: [Replaced] = []
    for (name, value) in change.fields {
      let incoming = Register(
        value: value, stamp: stamp, previous: change.previous[name],
        fromAdd: change.claim != nil)
      if let loser = take(incoming, into: &fields[name]), !Self.derivedFields.contains(name) {
        replaced.append(Replaced(field: name, register: loser))
      }
    }
    for (key, value) in change.items {
      _ = take(Register(value: value, stamp: stamp, previous: nil), into: &items[key])
    }
    if let removed = change.removed {
      _ = take(Register(value: .bool(removed), stamp: stamp, previous: nil), into: &self.removed)
    }
    return replaced
  }

  /// Takes in another state of the same book (two devices' adds found to be one book).
  ///
  /// - Returns: The values that lost their field.
  @discardableResult
  public mutating func merge(_ other: SyncBookState) -> [Replaced] {
    if other.added < added {
      claim = other.claim
      added = other.added
    }
    var replaced: [Replaced] = []
    for (name, register) in other.fields {
      if let loser = take(register, into: &fields[name]), !Self.derivedFields.contains(name) {
        replaced.append(Replaced(field: name, register: loser))
      }
    }
    for (key, register) in other.items { _ = take(register, into: &items[key]) }
    if let removed = other.removed { _ = take(removed, into: &self.removed) }
    return replaced
  }

  /// Keeps the register that outranks the other.
  ///
  /// - Returns: The one that lost; `nil` when the slot was empty or held this very value.
  private func take(_ incoming: Register, into slot: inout Register?) -> Register? {
    guard let current = slot else {
      slot = incoming
      return nil
    }
    guard incoming.stamp != current.stamp else { return nil }
    guard incoming.outranks(current) else { return incoming }
    slot = incoming
    return current
  }

  /// The conflicts among the values that lost their fields: a value the winning value had
  /// not seen (the stamps it replaced, one after another, pass the loser's without meeting
  /// it), a different value, and not an add's that a change since outranked. A function of
  /// the values alone, so every device that has every value lists the same conflicts.
  ///
  /// - Parameter replaced: Every value that lost a field of this book.
  public func conflicts(among replaced: [Replaced]) -> [SyncConflict] {
    var byStamp: [String: [SyncStamp: Register]] = [:]
    for lost in replaced { byStamp[lost.field, default: [:]][lost.register.stamp] = lost.register }
    return replaced.compactMap { lost -> SyncConflict? in
      guard let winner = fields[lost.field], winner.stamp != lost.register.stamp,
        winner.value != lost.register.value, !lost.register.fromAdd || winner.fromAdd,
        !Self.saw(winner, lost.register, through: byStamp[lost.field] ?? [:])
      else { return nil }
      return SyncConflict(
        field: lost.field, kept: winner.value, keptStamp: winner.stamp, lost: lost.register.value,
        lostStamp: lost.register.stamp)
    }.sorted { ($0.field, $0.lostStamp) < ($1.field, $1.lostStamp) }
  }

  /// Whether `winner` was made having seen `loser`: a stamp it replaced, or one that
  /// replaced, is the loser's.
  private static func saw(
    _ winner: Register, _ loser: Register, through known: [SyncStamp: Register]
  ) -> Bool {
    var seen = winner.previous
    var steps = 0
    while let stamp = seen, steps < 10_000 {
      if stamp == loser.stamp { return true }
      if stamp < loser.stamp { return false }
      guard let register = known[stamp] else { return true }  // a value not kept: seen
      seen = register.previous
      steps += 1
    }
    return false
  }
}

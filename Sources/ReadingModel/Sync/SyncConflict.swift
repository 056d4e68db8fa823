/// A field two devices changed without either having seen the other's change: the later
/// stamp's value is kept, the other is kept here, so `sync status` and `show` can list it.
public struct SyncConflict: Sendable, Equatable {
  /// The field (`title`, `details.rating`…).
  public var field: String
  public var kept: JSONValue
  public var keptStamp: SyncStamp
  public var lost: JSONValue
  public var lostStamp: SyncStamp

  public init(
    field: String, kept: JSONValue, keptStamp: SyncStamp, lost: JSONValue,
    lostStamp: SyncStamp
  ) {
    self.field = field
    self.kept = kept
    self.keptStamp = keptStamp
    self.lost = lost
    self.lostStamp = lostStamp
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The trash: a read transaction over ``TrashTables`` (``apply(_:)`` removes and restores).
extension SQLiteLibrary {
  /// What the trash holds, most recently removed first; what is older than 30 days goes.
  public func trash(at time: Date) throws -> [TrashedBook] {
    try reading(orIfMissing: []) { try TrashTables(connection: $0).books(at: time) }
  }
}

import ReadingModel

/// How `show` and `sync status` tell a conflict: a field two devices changed without
/// either seeing the other's change, the value kept and the one that lost.
enum SyncConflictLines {
  /// `Conflicts` and one line per conflict; nothing when there is none.
  ///
  /// - Parameter conflicts: The book's conflicts, as the library lists them.
  static func lines(_ conflicts: [(book: Book.ID, conflict: SyncConflict)]) -> [String] {
    guard !conflicts.isEmpty else { return [] }
    return ["", "Conflicts (changed on two devices; the later change was kept)"]
      + conflicts.map { "  " + line($0.conflict) }
  }

  /// `title: kept "Emma!" over "Emma." from desktop's device (a1b2c3d4e5f6)`.
  static func line(_ conflict: SyncConflict) -> String {
    "\(conflict.field): kept \(TerminalText.safe(conflict.kept.text)) over "
      + "\(TerminalText.safe(conflict.lost.text)) from device \(conflict.lostStamp.device)"
  }
}

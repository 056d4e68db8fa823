/// What an import did, row by row: nothing is skipped without a line and a reason.
public struct ImportSummary: Sendable, Equatable {
  /// A row that was not imported.
  public struct SkippedRow: Sendable, Equatable {
    public var line: Int
    public var reason: String
  }

  public var format: String
  public var added = 0
  public var updated = 0
  public var unchanged = 0
  public var skipped: [SkippedRow] = []
  /// Remarks on imported rows, with their lines.
  public var remarks: [String] = []
  public var columnsNotKept: [String] = []
  /// Whether the import was rolled back on purpose (`--dry-run`).
  public var dryRun = false

  public init(format: String) {
    self.format = format
  }

  /// Every row of the file: added, updated, unchanged or skipped.
  public var rows: Int { added + updated + unchanged + skipped.count }
}

/// How far an import has come, for a progress bar.
public struct ImportProgress: Sendable, Equatable {
  public var bytesRead: Int
  public var totalBytes: Int
  public var rows: Int
}

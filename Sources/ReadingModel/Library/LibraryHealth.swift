/// What `bookclub check` found: whether the library is sound, and each part that is not, in
/// plain words.
public struct LibraryHealth: Sendable, Equatable {
  /// One part of the file that cannot be read.
  public struct Problem: Sendable, Equatable {
    /// The table or index, when known.
    public var part: String?
    /// Whether the part is an index, which can be rebuilt from its table with no row lost.
    public var isIndex: Bool
    /// What is wrong, as SQLite says it.
    public var detail: String
    /// For a value bookclub does not know (the file itself is sound), how to set a right
    /// one; `nil` for damage, which `repair` recovers.
    public var fix: String? = nil
  }

  public var problems: [Problem]
  /// How many books and progress entries could be counted.
  public var books: Int?
  public var entries: Int?
  /// Whether the library had been marked damaged before this check.
  public var wasMarked: Bool
  /// Whether the library, or its folder, cannot be written: it is read as it is, and
  /// every write refuses.
  public var isReadOnly = false

  public var isSound: Bool { problems.isEmpty }

  /// Whether part of the file cannot be read, which `repair` recovers (a value bookclub does
  /// not know is no damage: its problem says how to set a right one).
  public var isDamaged: Bool { problems.contains { $0.fix == nil } }

  /// Whether every problem is in an index: the rows are all there.
  public var onlyIndexes: Bool { !problems.isEmpty && problems.allSatisfy(\.isIndex) }
}

/// What `bookclub repair` did.
public struct RepairReport: Sendable, Equatable {
  /// Where the damaged file was kept, as it was.
  public var backup: String
  /// Rows copied into the repaired library, by table.
  public var recovered: [String: Int]
  /// What could not be recovered, in plain words (empty when nothing was lost).
  public var lost: [String]
}

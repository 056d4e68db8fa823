/// What an export to another service's file cannot keep, counted over the books written:
/// values it rounds ("14 books: rating 4.25 written as 4 (Goodreads has whole stars)"),
/// readings it drops, and what the format has no place for ("moods (12 books)"). Every
/// export in another service's format tells these, so that none drops something silently;
/// bookclub's own format loses nothing.
public struct ExportLosses: Sendable, Equatable {
  /// The formats that lose something: another service's.
  public enum Target: String, Sendable, CaseIterable {
    case goodreads, storygraph, hardcover, bookwyrm

    /// The service's name, for the lines.
    public var name: String {
      switch self {
      case .goodreads: "Goodreads"
      case .storygraph: "StoryGraph"
      case .hardcover: "Hardcover"
      case .bookwyrm: "BookWyrm"
      }
    }

    /// The stars a rating is written in: 1 (whole), 2 (halves) or 4 (quarters).
    var ratingSteps: Double {
      switch self {
      case .goodreads: 1
      case .hardcover, .bookwyrm: 2
      case .storygraph: 4
      }
    }
  }

  /// One kind of loss: how many books it touches, and how many things of them when that
  /// is not one a book (readings, entries).
  struct Tally: Sendable, Equatable {
    var books = 0
    var things = 0
    /// The first book's example (`4.25 written as 4`).
    var example: String?
  }

  public let target: Target
  /// Books counted.
  public private(set) var books = 0
  private(set) var tallies: [ExportLoss: Tally] = [:]

  /// How many books one kind of loss touched (for tests).
  func books(losing loss: ExportLoss) -> Int { tallies[loss]?.books ?? 0 }

  public init(target: Target) {
    self.target = target
  }

  /// The rows written so far, by their hash: two books written alike are one to an import.
  private var rows: Set<Int> = []

  /// Counts what writing `item` in the target's format loses.
  ///
  /// - Parameter row: The bytes written for it: a row like an earlier book's is a loss too.
  public mutating func add(_ item: LibraryArchive.Item, row: ArraySlice<UInt8>) {
    // The row's bytes at once, not a byte at a time: an export of a million books hashes
    // hundreds of megabytes.
    var hasher = Hasher()
    row.withUnsafeBytes { hasher.combine(bytes: $0) }
    let repeated = !rows.insert(hasher.finalize()).inserted
    var found = ExportLoss.found(in: item, target: target)
    if repeated { found.append((.sameRowAsAnother, 1, nil)) }
    books += 1
    for (loss, count, example) in found where count > 0 {
      var tally = tallies[loss, default: Tally()]
      tally.books += 1
      tally.things += count
      if tally.example == nil { tally.example = example }
      tallies[loss] = tally
    }
  }

  /// Whether the export kept everything.
  public var isEmpty: Bool { tallies.isEmpty }

  /// The lines to show, the values changed first, then what the format has no place for.
  public var lines: [String] {
    var lines: [String] = []
    for loss in ExportLoss.allCases where loss.isChange {
      guard let tally = tallies[loss] else { continue }
      lines.append(loss.line(tally, target: target))
    }
    let missing = ExportLoss.allCases.filter { !$0.isChange }.compactMap { loss in
      tallies[loss].map { loss.missingItem($0) }
    }
    if !missing.isEmpty {
      lines.append("Not in this format: " + missing.joined(separator: ", ") + ".")
    }
    return lines
  }

  /// The lines as JSON values: `[{"loss", "books", "count", "example", "line"}]`.
  public var entries: [(loss: String, books: Int, count: Int, example: String?)] {
    ExportLoss.allCases.compactMap { loss in
      tallies[loss].map { (loss.rawValue, $0.books, $0.things, $0.example) }
    }
  }
}

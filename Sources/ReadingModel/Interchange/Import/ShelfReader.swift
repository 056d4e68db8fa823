/// Reads the shelves of an export's rows, each distinct shelf once, and collects which rows
/// sat on custom shelves, so the summary says once per shelf how it was read instead of once
/// per row.
struct ShelfReader {
  private let mapping: ShelfMapping
  /// The service's own shelves.
  private let standard: [String: ReadingStatus]
  private var readings: [String: ShelfMapping.Reading] = [:]
  private var lines: [String: [Int]] = [:]
  private var order: [String] = []

  init(mapping: ShelfMapping, standard: [String: ReadingStatus]) {
    self.mapping = mapping
    self.standard = standard
  }

  /// What `shelf` means for the row on `line`; an empty shelf is want to read.
  mutating func read(_ shelf: String, line: Int) -> ShelfMapping.Reading {
    guard !shelf.isEmpty else { return .standard(.wantToRead) }
    let reading = readings[shelf] ?? mapping.reading(shelf, standard: standard)
    if readings[shelf] == nil {
      readings[shelf] = reading
      order.append(shelf)
    }
    switch reading {
    case .standard, .chosen: break
    case .recognised, .unknown: lines[shelf, default: []].append(line)
    }
    return reading
  }

  /// What `shelf` would mean, nothing recorded: for exports whose shelves are tags unless
  /// they name a status (LibraryThing's collections).
  func meaning(of shelf: String) -> ShelfMapping.Reading {
    mapping.reading(shelf, standard: standard)
  }

  /// One remark per custom shelf, in the order they were first met.
  var remarks: [String] {
    order.compactMap { shelf in
      guard let reading = readings[shelf], lines[shelf] != nil else { return nil }
      let rows = Self.describe(lines[shelf] ?? [])
      switch reading {
      case .recognised(let status):
        return "the shelf '\(shelf)' is read as \(status.displayName) (\(rows))"
      case .unknown:
        return "the shelf '\(shelf)' is not a reading status; kept as a tag, status want to read "
          + "(\(rows)). Choose its status with --shelf '\(shelf)=STATUS'"
      case .standard, .chosen:
        return nil
      }
    }
  }

  /// `line 4`, `lines 4, 9`, `lines 4, 9, 12, 30, 41 and 7 more`.
  private static func describe(_ lines: [Int]) -> String {
    let shown = lines.prefix(5).map(String.init).joined(separator: ", ")
    let more = lines.count > 5 ? " and \(lines.count - 5) more" : ""
    return (lines.count == 1 ? "line " : "lines ") + shown + more
  }
}

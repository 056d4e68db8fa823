/// Collects which rows sat on custom shelves, so the summary says once per shelf how it was
/// read instead of once per row.
struct ShelfLog {
  private var lines: [String: [Int]] = [:]
  private var readings: [String: ShelfMapping.Reading] = [:]
  private var order: [String] = []

  /// Notes that the row on `line` sat on `shelf`, read as `reading`.
  mutating func note(_ shelf: String, _ reading: ShelfMapping.Reading, line: Int) {
    switch reading {
    case .standard, .chosen: return
    case .recognised, .paused, .unknown: break
    }
    if readings[shelf] == nil {
      order.append(shelf)
      readings[shelf] = reading
    }
    lines[shelf, default: []].append(line)
  }

  /// One remark per custom shelf, in the order they were first met.
  var remarks: [String] {
    order.compactMap { shelf in
      guard let reading = readings[shelf] else { return nil }
      let rows = Self.describe(lines[shelf] ?? [])
      switch reading {
      case .recognised(let status):
        return "the shelf '\(shelf)' is read as \(status.displayName) (\(rows))"
      case .paused:
        return "the shelf '\(shelf)' means paused; bookclub has no paused status, so its books "
          + "are want to read (\(rows))"
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

/// A column of one export file, found by its name once: reading it from each row then costs
/// no lookup by name (an import reads twenty columns of every row).
struct CSVColumn: Sendable {
  /// The column's field in each row; `nil` when the file has no such column.
  let index: Int?

  /// Whether the file has the column.
  var exists: Bool { index != nil }
}

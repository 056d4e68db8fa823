/// One column of one row of the screen.
struct Cell: Hashable, Sendable {
  /// The character drawn here: one grapheme cluster already made safe for a terminal, or
  /// empty in the column a wide character before it covers.
  var text: String
  var style: CellStyle

  static let blank = Cell(text: " ", style: .plain)

  /// Whether this column is covered by the wide character to its left.
  var isContinuation: Bool { text.isEmpty }
}

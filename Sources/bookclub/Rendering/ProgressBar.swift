import ReadingModel

/// A fixed-width bar and percentage for a fraction read: `██████░░░░  60%`.
struct ProgressBar {
  var cells = 10

  /// The whole percent read, rounded down so that 99.6% does not claim to be done.
  static func percent(_ fraction: Double) -> Int {
    Int((StoredValue.fraction(fraction) * 100).rounded(.down))
  }

  /// The bar followed by the percentage, right-aligned in four columns.
  func render(_ fraction: Double) -> String {
    let clamped = StoredValue.fraction(fraction)
    let filled = Int((clamped * Double(cells)).rounded())
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled)
    let percent = String(Self.percent(clamped)) + "%"
    return bar + String(repeating: " ", count: max(1, 5 - percent.count)) + percent
  }

  /// Columns the rendering takes.
  var width: Int { cells + 5 }
}

extension Int64 {
  /// Division rounding toward negative infinity, with a remainder that is never negative:
  /// the day and time of day of an instant before 1970 as after it. No step can overflow,
  /// so a stored time of `Int64.min` (a library edited by hand) is shown, not trapped on.
  ///
  /// - Parameter divisor: A positive number.
  func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }
}

/// Readings of one work's editions that overlap, on the connection of a read transaction:
/// listening to the audiobook while reading the paperback is one reading of the work, so
/// `stats` and goals count it once (DESIGN.md section 14), at its last finish.
struct WorkRepeats {
  let connection: SQLiteConnection

  /// The finished readings of linked editions in a range of days: each one's work, start
  /// (its finish when unknown) and finish, by work and start.
  static let finishedReadings = """
    SELECT d.work, coalesce(r.start_day, r.end_day), r.end_day
    FROM book_details d CROSS JOIN book_readings r ON r.book_id = d.book_id
    WHERE d.work IS NOT NULL AND r.end_day BETWEEN ? AND ? AND r.abandoned = 0
    ORDER BY d.work, 2, 3
    """

  /// The finish days, in `range`, of finished readings that repeat another overlapping
  /// reading of the same work (an edition linked to it), the latest finish of each
  /// overlapping set left out: what to take away from counts of readings.
  ///
  /// Read off the works' own index (`CROSS JOIN` keeps it leading): a library with no
  /// linked editions reads no row, however many readings the range holds.
  ///
  /// - Parameter range: The first and last day (`yyyy-MM-dd`) of the readings counted.
  func repeatedFinishes(in range: [SQLiteValue?]) throws -> [String] {
    var readings: [(work: String, start: String, end: String)] = []
    try connection.forEach(Self.finishedReadings, range) {
      readings.append(($0.text(0), $0.text(1), $0.text(2)))
    }
    var repeated: [String] = []
    var index = readings.startIndex
    while index < readings.endIndex {
      // One set: readings of the work whose spans reach into each other, by start.
      var last = index
      var reach = readings[index].end
      var ends = [readings[index].end]
      while last + 1 < readings.endIndex, readings[last + 1].work == readings[index].work,
        readings[last + 1].start <= reach
      {
        last += 1
        reach = max(reach, readings[last].end)
        ends.append(readings[last].end)
      }
      repeated += ends.sorted().dropLast()
      index = last + 1
    }
    return repeated
  }
}

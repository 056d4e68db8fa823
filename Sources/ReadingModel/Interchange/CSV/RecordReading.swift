/// Reads an export's records one at a time: CSV (``CSVReader``) or tab-separated
/// (``TSVReader``), so one import source reads both.
protocol RecordReading {
  /// The next record, or `nil` at the end of the input.
  ///
  /// - Throws: ``CSVError`` naming the line that cannot be read.
  mutating func next() throws(CSVError) -> CSVReader.Record?

  /// Bytes of the file read so far, for progress bars.
  var bytesRead: Int { get }
}

extension CSVReader: RecordReading {}

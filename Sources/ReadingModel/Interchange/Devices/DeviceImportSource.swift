/// An import source over what was read off a device (or several on one: a Kobo with
/// KOReader), one row a book, each linked to its device's source.
public struct DeviceImportSource: ImportSource {
  private let rows: [(book: DeviceBook, source: String)]
  private var index = 0
  public let formatName: String
  public let remarks: [String]
  public let problems: [String]

  /// - Parameters:
  ///   - readings: What was read, a device at a time.
  ///   - name: A name for the device when the reader has more than one of its kind
  ///     (`--device`): its books then have a base of their own (`kindle:NAME`).
  public init(_ readings: [DeviceReading], name: String? = nil) {
    rows = readings.flatMap { reading in
      let source = reading.kind.rawValue + (name.map { ":" + $0 } ?? "")
      return reading.books.map { ($0, source) }
    }
    formatName = readings.map(\.kind.displayName).joined(separator: " and ")
    remarks = readings.flatMap(\.remarks)
    problems = readings.flatMap(\.problems)
  }

  public var columnsNotKept: [String] { [] }
  public var bytesRead: Int { index }
  public var totalBytes: Int { max(rows.count, 1) }

  public mutating func next() throws -> ImportRow? {
    guard index < rows.count else { return nil }
    index += 1
    return .device(rows[index - 1].book, source: rows[index - 1].source)
  }
}

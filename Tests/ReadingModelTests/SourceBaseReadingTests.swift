import Testing

@testable import ReadingModel

/// The Goodreads export reads a stored base straight off its text (one walk, keys sorted):
/// it must say exactly what decoding the text and comparing would say.
@Suite struct SourceBaseReadingTests {
  func fields(_ values: [BookField: String]) -> BookFields {
    var fields = BookFields()
    for (field, value) in values { fields[field] = value }
    return fields
  }

  @Test func comparingOffTheTextAgreesWithComparingDecodedFields() {
    let now = fields([.title: "Emma", .authors: "Jane Austen", .pageCount: "474", .publisher: ""])
    let stored: [String] = [
      SourceBase(fields: now).fieldsJSON,  // the same
      SourceBase(fields: fields([.title: "Emma", .authors: "Jane Austen", .pageCount: "474"]))
        .fieldsJSON,  // an empty field left out: the same
      SourceBase(fields: fields([.title: "Emma", .authors: "Jane Austen"])).fieldsJSON,
      SourceBase(fields: fields([.title: "Emma", .authors: "Jane Austen", .pageCount: "475"]))
        .fieldsJSON,
      #"{"authors":"Jane Austen","pages":"474","title":"Emma","zzz":"unknown"}"#,
      #"{"title":"Emma","pages":"474","authors":"Jane Austen"}"#,  // not bookclub's order
      #"{"title":"Emma","pages":"999","authors":"Jane Austen"}"#,
      #"{"title":"Emma""#,  // not an object
      "{}",
    ]
    for text in stored {
      let base = SourceBase(fieldsJSON: text, columnsJSON: "{}")
      #expect(base.hasSameText(as: now) == now.hasSameText(as: base.fields), "\(text)")
    }
    #expect(SourceBase(fieldsJSON: "{}", columnsJSON: "{}").hasSameText(as: BookFields()))
  }

  @Test func aWrittenRowIsReadInHeaderOrderOrNotAtAll() {
    let header = GoodreadsExport.header
    var columns: [String: String] = [:]
    for (index, name) in header.enumerated() { columns[name] = "v\(index)" }
    columns["Average Rating"] = "4.1"  // a column the export does not write
    let json = StringMapJSON.encode(columns)
    #expect(GoodreadsExport.writtenRow(json) == header.indices.map { "v\($0)" })
    columns["Binding"] = nil
    #expect(GoodreadsExport.writtenRow(StringMapJSON.encode(columns)) == nil)
    #expect(GoodreadsExport.writtenRow("[]") == nil)
  }
}

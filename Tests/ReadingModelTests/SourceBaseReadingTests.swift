import Testing

@testable import ReadingModel

/// The Goodreads export reads a stored base straight off its text (one walk, keys sorted):
/// it must say exactly what decoding the text and comparing would say.
@Suite struct SourceBaseReadingTests {
  @Test func comparingOffTheTextAgreesWithComparingDecodedFields() {
    let now = BookFields([
      .title: "Emma", .authors: "Jane Austen", .pageCount: "474", .publisher: "",
    ])
    let stored: [String] = [
      SourceBase(fields: now).fieldsJSON,  // the same
      SourceBase(fields: BookFields([.title: "Emma", .authors: "Jane Austen", .pageCount: "474"]))
        .fieldsJSON,  // an empty field left out: the same
      SourceBase(fields: BookFields([.title: "Emma", .authors: "Jane Austen"])).fieldsJSON,
      SourceBase(fields: BookFields([.title: "Emma", .authors: "Jane Austen", .pageCount: "475"]))
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

  @Test func namedValuesHoldOnlyTheWantedMembersAndSayWhenNamesAreOutOfOrder() {
    let names = ["Binding", "ISBN", "Title"].map { Array($0.utf8) }
    func values(_ text: String) -> StringMapJSON.NamedValues {
      StringMapJSON.NamedValues(of: text, named: names)
    }
    let sorted = values(
      #"{"Author":"A","Binding":"Paper\"back\u00e9","ISBN":"=\"1\"","Title":"T,U","Z":"z"}"#)
    #expect(sorted.walk.isObject && sorted.walk.isSorted)
    #expect(names.indices.map { sorted.string($0) } == ["Paper\"backé", "=\"1\"", "T,U"])
    #expect(sorted.value(2, is: "T,U") && !sorted.value(2, is: "T"))
    #expect(sorted.value(0, is: "Paper\"backé"))  // compared after decoding its escapes
    var csv: [UInt8] = []
    for place in names.indices { sorted.appendCSVField(place, to: &csv) }
    #expect(String(decoding: csv, as: UTF8.self) == #""Paper""backé""=""1""""T,U""#)

    let unsorted = values(#"{"Title":"T","Binding":"B"}"#)
    #expect(unsorted.walk.isObject && !unsorted.walk.isSorted)
    #expect(unsorted.string(0) == nil && unsorted.string(2) == "T")  // Binding passed over

    let escapedName = values(#"{"Bind\u0069ng":"B"}"#)
    #expect(escapedName.walk.isObject && !escapedName.walk.isSorted)
    #expect(escapedName.string(0) == nil)
    #expect(!values(#"{"Title":"T""#).walk.isObject)
    #expect(!values("[]").walk.isObject)
    #expect(values("{}").walk.isObject)
  }
}

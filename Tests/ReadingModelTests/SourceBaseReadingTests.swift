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

  @Test func aNamedWalkGivesOnlyTheWantedValuesAndSaysWhenNamesAreOutOfOrder() {
    let names = ["Binding", "ISBN", "Title"].map { Array($0.utf8) }
    var seen: [String] = []
    let walk = StringMapJSON.forEachMember(
      of: #"{"Author":"A","Binding":"Paper\"back\u00e9","ISBN":"=\"1\"","Title":"T","Z":"z"}"#,
      named: names
    ) { seen.append("\($0)=\($1)") }
    #expect(walk.isObject && walk.isSorted)
    #expect(seen == ["0=Paper\"backé", "1==\"1\"", "2=T"])

    seen = []
    let unsorted = StringMapJSON.forEachMember(
      of: #"{"Title":"T","Binding":"B"}"#, named: names
    ) { seen.append("\($0)=\($1)") }
    #expect(unsorted.isObject && !unsorted.isSorted)
    #expect(seen == ["2=T"])  // Binding came after Title: passed over, and said so

    let escapedName = StringMapJSON.forEachMember(
      of: #"{"Bind\u0069ng":"B"}"#, named: names
    ) { _, _ in Issue.record("not a wanted name") }
    #expect(escapedName.isObject && !escapedName.isSorted)
    #expect(!StringMapJSON.forEachMember(of: #"{"Title":"T""#, named: names) { _, _ in }.isObject)
    #expect(!StringMapJSON.forEachMember(of: "[]", named: names) { _, _ in }.isObject)
    #expect(StringMapJSON.forEachMember(of: "{}", named: names) { _, _ in }.isObject)
  }
}

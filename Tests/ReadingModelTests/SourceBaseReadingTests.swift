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

  /// Long values, read eight bytes at a time until a quote or a backslash: an escape at
  /// every place of a review-length value, and bytes near a quote's and a backslash's, come
  /// back as they went in, through both readers.
  @Test func longValuesWithAnEscapeAtEveryPlaceReadBack() {
    let plain = "A review of some length, with ¢ and Ü and !#[]] in it; no escape at all"
    for special in ["\"", "\\", "\n", "\u{01}", "\u{1F}"] {
      for place in 0...plain.count {
        let cut = plain.index(plain.startIndex, offsetBy: place)
        let value = String(plain[..<cut]) + special + String(plain[cut...])
        let columns: [String: String] = [
          "Binding": value, "My Review": value + value, "Title": plain,
        ]
        let json = StringMapJSON.encode(columns)
        #expect(StringMapJSON.decode(json) == columns, "\(place)")
        let named = StringMapJSON.NamedValues(
          of: json, named: ["Binding", "Title"].map { Array($0.utf8) })
        #expect(named.walk.isObject && named.walk.isSorted)
        #expect(named.string(0) == value && named.string(1) == plain, "\(place)")
        #expect(named.value(0, is: value) && named.value(1, is: plain))
        #expect(!named.value(1, is: plain + "x") && !named.value(1, is: String(plain.dropLast())))
      }
    }
  }
}

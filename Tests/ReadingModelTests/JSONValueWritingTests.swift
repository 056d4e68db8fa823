import Foundation
import Testing

@testable import ReadingModel

/// The one JSON tree's one writer: what every `--json` output is made of.
@Suite struct JSONValueWritingTests {
  /// Keys in alphabetical order at every depth, whatever order they were given in.
  @Test func keysAreSortedAtEveryDepth() {
    let value = JSONValue.object([
      "b": .integer(2), "a": .integer(1), "B": .null, "é": .bool(true), "_": .bool(false),
      "nested": .object(["z": .string("last"), "m": .array([.object(["y": .null, "x": .null])])]),
    ])
    #expect(
      value.text
        == #"{"B":null,"_":false,"a":1,"b":2,"nested":{"m":[{"x":null,"y":null}],"z":"last"},"é":true}"#
    )
  }

  /// C0 controls are escaped (as `\n`, `\r`, `\t` or `\u00XX`), quotes and backslashes too;
  /// everything else, DEL, C1 controls and every other language included, passes as UTF-8.
  @Test func stringsEscapeControlsAndKeepOtherText() {
    let text = "\u{0}\u{7}\u{8}\u{C}\u{1B}[2J\n\r\t\u{1F}\"\\/\u{7F}\u{9B}\u{202E}Émile 📚 Лев 中文"
    let value = JSONValue.object(["k\u{1B}y": .string(text)])
    #expect(
      value.text
        == #"{"k\u001by":"\u0000\u0007\u0008\u000c\u001b[2J\n\r\t\u001f\"\\/"#
        + "\u{7F}\u{9B}\u{202E}Émile 📚 Лев 中文\"}")
  }

  /// Numbers as the writer writes them: integers exactly, doubles in their shortest form
  /// that reads back the same, and what JSON cannot hold as null.
  @Test func numbersAsTheWriterWritesThem() {
    let value = JSONValue.array([
      .integer(Int64.min), .integer(0), .number(0.5), .number(1), .number(1e-7), .number(-0.0),
      .number(.infinity), .number(.nan),
    ])
    #expect(value.text == "[-9223372036854775808,0,0.5,1.0,1e-07,-0.0,null,null]")
  }

  /// JSON written elsewhere is embedded byte for byte; dates are in interchange form.
  @Test func rawTextAndDates() {
    let value = JSONValue.object([
      "book": .raw(#"{"z":1,"a":2}"#), "when": .date(Date(timeIntervalSince1970: 1.5)),
      "never": .date(nil),
    ])
    #expect(value.text == #"{"book":{"z":1,"a":2},"never":null,"when":"1970-01-01T00:00:01.500Z"}"#)
  }

  /// What the parser reads, the writer writes back the same (keys already in order).
  @Test func parsedValuesWriteBackAsRead() throws {
    let text = #"{"a":[1,2.5,"x\u001by",null,true],"b":{"c":"Лев"}}"#
    var parser = JSONParser(bytes: Array(text.utf8))
    #expect(try parser.value().text == text)
  }
}

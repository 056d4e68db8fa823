import Foundation
import Testing

@testable import ReadingModel

/// The bytes around a settings object: a byte order mark is read past, and whatever
/// follows the object is reported where it is.
@Suite struct SettingsFileTextTests {
  let path = "settings.json"

  @Test func aByteOrderMarkIsReadPast() throws {
    let text = "{\n  \"pageSize\": 5\n}\n"
    let settings = try SettingsStore.parse(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)), path: path)
    #expect(settings.pageSize == 5)
    #expect(try SettingsStore.parse(Data([0xEF, 0xBB, 0xBF]), path: path).pageSize == 30)
  }

  @Test func textAfterTheObjectIsReportedAtItsLineAndColumn() {
    for (bytes, line, column) in [
      (Array("{\n  \"pageSize\": 5\n}\n".utf8) + [0], 4, 1),
      (Array("{\"pageSize\": 5}  ".utf8) + [0, 0], 1, 18),
      (Array("{}\n\n  {}".utf8), 3, 3),
    ] {
      #expect(
        throws: SettingsError.unreadable(
          path: path, line: line, column: column, detail: "it is not valid JSON")
      ) { try SettingsStore.parse(Data(bytes), path: path) }
    }
  }
}

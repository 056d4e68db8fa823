import Foundation
import Testing

/// `--json` output byte for byte, as the one JSON tree and its writer make it: keys in
/// alphabetical order at every depth, C0 controls, quotes and backslashes escaped, every
/// other character (DEL, C1 controls, accents, CJK, emoji) as UTF-8, one book a line in
/// `list`.
@Suite struct JSONOutputBytesTests {
  static let title = "Ti\u{1B}]52;c;x\u{07}tle \u{01} \"q\" \\ Émile 📚 中文 \u{9B}\u{7F}"
  static let titleJSON =
    #""Ti\u001b]52;c;x\u0007tle \u0001 \"q\" \\ Émile 📚 中文 "#
    + "\u{9B}\u{7F}\""

  /// Times differ from run to run; everything else must be exact.
  static func maskingTimes(_ text: String) -> String {
    text.replacingOccurrences(
      of: #"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z"#, with: "TIME", options: .regularExpression)
  }

  @Test func listTagsAndShowAreExact() async throws {
    let home = TestHome()
    let environment = ["BOOKCLUB_LIBRARY": home.path("library.sqlite")]
    func run(_ arguments: [String]) async throws -> String {
      let result = try await home.bookclub.run(arguments, extraEnvironment: environment)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      return result.stdout
    }
    _ = try await run(["add", Self.title, "-a", "Émile Zola", "--pages", "300"])
    _ = try await run(["tag", "1", "t\u{1B}ag", "Ünï"])
    let book =
      #"{"added":"TIME","authors":["Émile Zola"],"format":null,"id":1,"isbn10":null,"#
      + #""isbn13":null,"length":null,"pageCount":300,"progress":null,"status":"want","title":"#
      + Self.titleJSON
      + #","updated":"TIME"}"#

    let list = try await run(["list", "--json"])
    #expect(
      Self.maskingTimes(list) == #"{"books":["# + "\n" + book + "\n" + #"],"next":null,"total":1}"#
        + "\n")
    let all = try await run(["list", "--all", "--json"])
    #expect(all == list)

    let tags = try await run(["tags", "--json"])
    #expect(tags == #"[{"books":1,"tag":"t\u001bag"},{"books":1,"tag":"Ünï"}]"# + "\n")

    let show = Self.maskingTimes(try await run(["show", "1", "--json"]))
    let details = #""details":{"readings":[],"sourceIDs":{},"tags":["t\u001bag","Ünï"]}"#
    let history =
      #""history":[{"detail":"tags: (empty) → t\u001bag, Ünï","kind":"tags","time":"TIME"}]"#
    #expect(
      show == #"{"book":"# + book + "," + details + #","editions":[],"estimatedFinish":null,"#
        + #""finished":null,"highlights":0,"#
        + history + #","notes":[],"pace":null,"page":0,"readings":[],"seconds":null,"series":[],"#
        + #""started":null,"#
        + #""statusSince":"TIME"}"# + "\n")
  }

  /// An empty list: the same envelope, with no line of books.
  @Test func emptyListIsExact() async throws {
    let home = TestHome()
    let environment = ["BOOKCLUB_LIBRARY": home.path("library.sqlite")]
    for arguments in [["list", "--json"], ["list", "--all", "--json"]] {
      let result = try await home.bookclub.run(arguments, extraEnvironment: environment)
      #expect(result.stdout == #"{"books":[],"next":null,"total":0}"# + "\n")
    }
  }
}

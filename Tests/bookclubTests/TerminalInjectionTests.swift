import Foundation
import ReadingModel
import Testing

/// Titles, authors, notes, reviews and tags from a stranger's export carry every control
/// character and escape sequence there is; no command prints one of them raw, and `--json`
/// and exports keep them exactly.
@Suite struct TerminalInjectionTests {
  /// Every C0 control but NUL and the line breaks, DEL, every C1 control, OSC 52 (clipboard),
  /// OSC 0 (window title), OSC 8 (hyperlink), CSI (clear screen), bidi overrides.
  static let hostile: String = {
    var text = "Hostile"
    for value in UInt32(1)...0x1F where value != 0x0A && value != 0x0D {
      text.unicodeScalars.append(Unicode.Scalar(value)!)
    }
    text += "\u{7F}"
    for value in UInt32(0x80)...0x9F { text.unicodeScalars.append(Unicode.Scalar(value)!) }
    text += "\u{1B}]52;c;SGVsbG8=\u{07}\u{1B}]0;pwned\u{07}\u{1B}]8;;http://evil\u{1B}\\link"
    text += "\u{1B}]8;;\u{1B}\\\u{1B}[2J\u{1B}[31m\u{202E}reversed\u{202C}\u{2066}isolated\u{2069}"
    return text
  }()

  /// Whether `text` holds anything that would drive a terminal.
  static func isDangerous(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      let value = scalar.value
      return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
        || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
  }

  @Test func noCommandPrintsDataRaw() async throws {
    let home = TestHome()
    let library = home.path("library.sqlite")
    func run(_ arguments: [String]) async throws -> BookclubProcess.Result {
      try await home.bookclub.run(
        arguments, extraEnvironment: ["BOOKCLUB_LIBRARY": library, "BOOKCLUB_SCENE": "inject"])
    }
    let csv = home.path("hostile.csv")
    let header = GoodreadsExport.header
    var fields = Dictionary(uniqueKeysWithValues: header.map { ($0, "") })
    fields["Book Id"] = "1"
    fields["Title"] = Self.hostile
    fields["Author"] = "Author " + Self.hostile
    fields["My Review"] = "Review " + Self.hostile + "\nsecond line"
    fields["Private Notes"] = "Private " + Self.hostile
    fields["Bookshelves"] = "tag" + Self.hostile.replacingOccurrences(of: ",", with: "")
    fields["Publisher"] = "Publisher " + Self.hostile
    fields["Binding"] = "Binding " + Self.hostile
    fields["Exclusive Shelf"] = "shelf" + Self.hostile.replacingOccurrences(of: ",", with: "")
    fields["Number of Pages"] = "300"
    fields["My Rating"] = "4"
    try (CSVWriter.line(header) + CSVWriter.line(header.map { fields[$0] ?? "" })).write(
      toFile: csv, atomically: false, encoding: .utf8)

    var outputs: [(String, BookclubProcess.Result)] = []
    func check(_ arguments: [String]) async throws {
      outputs.append((arguments.joined(separator: " "), try await run(arguments)))
    }
    try await check(["import", csv])
    try await check(["add", "Added " + Self.hostile, "-a", Self.hostile, "--pages", "100"])
    try await check(["progress", "set", "1", "10", "--note", "Note " + Self.hostile])
    try await check(["note", "add", "1", "Another " + Self.hostile])
    try await check(["list"])
    try await check(["list", "--all", "--sort", "title"])
    try await check(["list", "--search", "hostile"])
    try await check(["show", "1"])
    try await check(["progress", "show", "1"])
    try await check(["note", "list", "1"])
    try await check(["status", "1", "reading"])
    try await check(["select", "1"])
    try await check(["select"])
    try await check(["progress", "set", "5%"])  // the selected book, announced
    try await check(["show", "hostile"])  // two books match: the error lists both titles
    try await check(["show", Self.hostile])
    var edited = try String(contentsOfFile: csv, encoding: .utf8)
    edited = edited.replacingOccurrences(of: ",4,", with: ",5,")
    try edited.write(toFile: csv, atomically: false, encoding: .utf8)
    try await check(["import", csv, "--dry-run"])  // lists the change with the title
    for (command, result) in outputs {
      #expect(!Self.isDangerous(result.stdout), "stdout of \(command)")
      #expect(!Self.isDangerous(result.stderr), "stderr of \(command)")
      #expect(!(result.stdout + result.stderr).contains("Fatal error"), "\(command)")
    }
    let shown = try await run(["show", "1"]).stdout
    #expect(shown.contains("Hostile\\x01\\x02"))
    #expect(shown.contains("\\e]52;c;SGVsbG8=\\x07"))
    #expect(shown.contains("\\x9b"))
    #expect(shown.contains("<U+202E>reversed"))
    #expect(shown.contains("  Review Hostile"))
    #expect(shown.contains("\n  second line\n"))

    // Data stays exact where it is data.
    let json = try await run(["show", "1", "--json"]).stdout
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let title = (object?["book"] as? [String: Any])?["title"] as? String
    #expect(title == Self.hostile.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    let exported = try await run(["export"]).stdout
    let archive = try LibraryArchive.decode(Data(exported.utf8))
    #expect(archive.books.first?.details.review == "Review " + Self.hostile + "\nsecond line")
  }
}

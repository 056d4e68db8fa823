import Foundation
import Testing

@testable import bookclub

/// `bookclub list` with titles and authors in Japanese, Chinese, emoji, combining accents
/// and control characters: the columns are counted in terminal columns, so every row's
/// columns start where the header's do.
@Suite struct WideTextTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  static let books: [(title: String, author: String)] = [
    ("Middlemarch", "Eliot"),
    ("「ノルウェイの森」", "村上春樹"),
    ("三体", "刘慈欣"),
    ("📚 Reading 🐉", "Dragon"),
    ("🇯🇵 Family 👨‍👩‍👧 Trip", "Tanaka"),
    ("Les Mise\u{301}rables of the long title", "Hugo"),
    ("Ring\u{07}\u{07}\u{07} bells", "Bell"),
  ]

  func addBooks() async throws {
    for book in Self.books {
      let added = try await home.bookclub.run(
        ["add", book.title, "--author", book.author, "--library", library])
      #expect(added.status == 0, "\(added.stderr)")
    }
  }

  /// The columns, in terminal columns, at which `line`'s author and status begin.
  func columnStarts(of line: String, author: String, status: String) throws -> [Int] {
    let authorStart = try #require(line.range(of: author)).lowerBound
    let statusStart = try #require(line.range(of: status)).lowerBound
    return [
      DisplayWidth.of(line[..<authorStart]), DisplayWidth.of(line[..<statusStart]),
      DisplayWidth.of(line),
    ]
  }

  @Test(arguments: [80, 60]) func everyRowsColumnsStartAtTheHeadersColumns(columns: Int)
    async throws
  {
    try await addBooks()
    let result = try await home.bookclub.run(
      ["list", "--library", library], extraEnvironment: ["COLUMNS": String(columns)])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == Self.books.count + 1)
    let header = try columnStarts(of: lines[0], author: "AUTHOR", status: "STATUS")
    let rowWidth = try columnStarts(of: lines[1], author: "Eliot", status: "want to read")[2]
    for (line, book) in zip(lines.dropFirst(), Self.books) {
      let starts = try columnStarts(of: line, author: book.author, status: "want to read")
      #expect(starts == [header[0], header[1], rowWidth], "\(line)")
    }
  }

  @Test func aCutTitleKeepsEscapesAndWideCharactersWhole() async throws {
    try await addBooks()
    let result = try await home.bookclub.run(
      ["list", "--library", library], extraEnvironment: ["COLUMNS": "60"])
    // The title column is 14 wide here: a wide character that would straddle its edge
    // leaves a space, and an escape is kept whole or dropped whole.
    #expect(result.stdout.contains("  「ノルウェイ… "))
    #expect(result.stdout.contains("  Ring\\x07\\x07… "))
    #expect(!result.stdout.contains("\u{07}"))
  }

  @Test func tagCountsLineUpAfterWideTagNames() async throws {
    try await home.bookclub.run(["add", "Emma", "--author", "Austen", "--library", library])
    let tagged = try await home.bookclub.run(
      ["tag", "1", "小说", "sf", "📚", "émigré", "--library", library])
    #expect(tagged.status == 0, "\(tagged.stderr)")
    let result = try await home.bookclub.run(["tags", "--library", library])
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 4)
    // Each count stands two columns after the widest name ("émigré", six columns).
    for line in lines {
      #expect(line.hasSuffix("  1"), "\(line)")
      #expect(DisplayWidth.of(line.dropLast()) == 8, "\(line)")
    }
  }
}

/// ``DisplayWidth`` and the padding and cutting built on it.
@Suite struct DisplayWidthTests {
  @Test func eastAsianWideAndFullwidthCharactersTakeTwoColumns() {
    #expect(DisplayWidth.of("三体") == 4)
    #expect(DisplayWidth.of("「ノルウェイの森」") == 18)
    #expect(DisplayWidth.of("한국어") == 6)
    #expect(DisplayWidth.of("ＡＢＣ") == 6)  // fullwidth Latin
    #expect(DisplayWidth.of("ｱｲｳ") == 3)  // halfwidth katakana
    #expect(DisplayWidth.of("\u{3000}") == 2)  // ideographic space
    #expect(DisplayWidth.of("\u{20000}") == 2)  // CJK extension B
    #expect(DisplayWidth.of("Émile Zola") == 10)
  }

  @Test func emojiTakeTwoColumnsPerClusterAndTextStyleSymbolsOne() {
    #expect(DisplayWidth.of("📚") == 2)
    #expect(DisplayWidth.of("👨‍👩‍👧") == 2)  // ZWJ sequence
    #expect(DisplayWidth.of("🏳️‍🌈") == 2)
    #expect(DisplayWidth.of("👍🏽") == 2)  // skin tone
    #expect(DisplayWidth.of("🇯🇵") == 2)  // flag
    #expect(DisplayWidth.of("🇯🇵🇫🇷") == 4)
    #expect(DisplayWidth.of("1️⃣") == 2)  // keycap
    #expect(DisplayWidth.of("❤️") == 2)  // emoji presentation asked for
    #expect(DisplayWidth.of("❤") == 1)  // text presentation by default
    #expect(DisplayWidth.of("📚 Reading 🐉") == 13)
  }

  @Test func combiningMarksAndZeroWidthCharactersTakeNone() {
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("Mise\u{301}rables") == 10)
    #expect(DisplayWidth.of("a\u{20DD}") == 1)  // enclosing circle
    #expect(DisplayWidth.of("\u{301}") == 0)  // a mark on its own
    #expect(DisplayWidth.of("a\u{200B}b") == 2)  // zero-width space
    #expect(DisplayWidth.of("\u{200D}") == 0)  // zero-width joiner
    #expect(DisplayWidth.of("\u{FEFF}") == 0)
  }

  @Test func controlsCountAsTheEscapesThatPrintThem() {
    #expect(DisplayWidth.of("\u{1B}") == 0)  // raw, it draws nothing
    #expect(DisplayWidth.of(TerminalText.safe("\u{1B}")) == 2)  // \e
    #expect(DisplayWidth.of(TerminalText.safe("a\u{07}b")) == 6)  // a\x07b
    #expect(DisplayWidth.of(TerminalText.safe("\u{9B}")) == 4)  // \x9b
    #expect(DisplayWidth.of(TerminalText.safe("\u{202E}")) == 8)  // <U+202E>
    #expect(TerminalText.shownPieces("a\u{1B}b") == ["a", "\\e", "b"])
  }

  @Test func fittingPadsOrCutsToExactlyTheWidth() {
    #expect(TerminalText.fitted("Emma", to: 6) == "Emma  ")
    #expect(TerminalText.fitted("7", to: 3, alignRight: true) == "  7")
    #expect(TerminalText.fitted("Middlemarch", to: 5) == "Midd…")
    #expect(TerminalText.fitted("三体", to: 5) == "三体 ")
    #expect(TerminalText.fitted("三体人", to: 5) == "三体…")
    #expect(TerminalText.fitted("三体人", to: 4) == "三… ")  // no half of 体
    #expect(TerminalText.fitted("e\u{301}tudes", to: 4) == "e\u{301}tu…")
    #expect(TerminalText.fitted("👨‍👩‍👧 family", to: 4) == "👨‍👩‍👧 …")
    #expect(TerminalText.fitted("Ring\u{07}\u{07}", to: 10) == "Ring\\x07… ")
    #expect(
      TerminalText.fitted("Evil\u{1B}[2J", to: 20) == "Evil\\e[2J"
        + String(repeating: " ", count: 11))
    #expect(TerminalText.shortened("三体人", to: 4) == "三…")
    #expect(TerminalText.shortened("三体", to: 4) == "三体")
    #expect(TerminalText.padded("三体", to: 6) == "三体  ")
    #expect(TerminalText.padded("Middlemarch", to: 4) == "Middlemarch")
  }

  @Test func theGridKeepsAnEscapeWholeWhenItCutsText() {
    var grid = Grid(width: 10, height: 1)
    grid.write("Ring\u{07}\u{07}", row: 0, column: 0)
    #expect(grid.lines == ["Ring\\x07… "])
  }
}

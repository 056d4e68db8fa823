import Testing

@testable import bookclub

/// Cells, widths and the renderer's diff.
@Suite struct GridTests {
  @Test func textIsCutWithAnEllipsisByColumnsNotCharacters() {
    var grid = Grid(width: 10, height: 1)
    grid.write("Middlemarch, A Study", row: 0, column: 0)
    #expect(grid.lines == ["Middlemar…"])
    var wide = Grid(width: 7, height: 1)
    wide.write("東京物語です", row: 0, column: 0)
    // 東京物 takes 6 columns; a fourth would straddle the ellipsis, so it is left out.
    #expect(wide.lines == ["東京物…"])
    #expect(wide[0, 0].text == "東" && wide[0, 1].isContinuation)
  }

  @Test func widthsCountGraphemeClusters() {
    #expect(DisplayWidth.of("abc") == 3)
    #expect(DisplayWidth.of("東京") == 4)
    #expect(DisplayWidth.of("e\u{301}") == 1)  // e + combining acute: one column
    #expect(DisplayWidth.of("👍🏽") == 2)
    #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
    #expect(DisplayWidth.of("\u{200B}") == 0)
  }

  @Test func controlCharactersInDataNeverReachACell() {
    var grid = Grid(width: 40, height: 1)
    grid.write("Evil\u{1B}]52;c;aGk=\u{07}\u{9B}2J\u{202E}", row: 0, column: 0)
    let cells = (0..<40).map { grid[0, $0].text }.joined()
    #expect(!cells.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
    #expect(cells.hasPrefix("Evil\\e]52;c;aGk=\\x07\\x9b2J<U+202E>"))
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var grid = Grid(width: 4, height: 1)
    grid.write("東京", row: 0, column: 0)
    grid.write("x", row: 0, column: 1)
    #expect(grid.lines == [" x京"])
  }

  @Test func theFirstFrameClearsAndDrawsEverything() {
    var renderer = GridRenderer(colors: true)
    var grid = Grid(width: 5, height: 2)
    grid.write("hi", row: 1, column: 0, style: .bold)
    let output = renderer.frame(grid)
    #expect(output.hasPrefix("\u{1B}[0m\u{1B}[2J"))
    #expect(output.contains("\u{1B}[0;1mhi"))
  }

  @Test func aFrameWritesOnlyTheCellsThatChanged() {
    var renderer = GridRenderer(colors: true)
    var grid = Grid(width: 20, height: 5)
    grid.write("Pride and Prejudice", row: 2, column: 0)
    _ = renderer.frame(grid)
    #expect(renderer.frame(grid) == "")
    grid.write("B", row: 2, column: 6)
    #expect(renderer.frame(grid) == "\u{1B}[3;7H\u{1B}[0mB")
    renderer.invalidate()
    #expect(renderer.frame(grid).hasPrefix("\u{1B}[0m\u{1B}[2J"))
  }

  @Test func withoutColoursOnlyAttributesAreDrawn() {
    var renderer = GridRenderer(colors: false)
    var grid = Grid(width: 10, height: 1)
    grid.write("reading", row: 0, column: 0, style: CellStyle(color: .cyan, reverse: true))
    let output = renderer.frame(grid)
    #expect(!output.contains("36"))
    #expect(output.contains("\u{1B}[0;7m"))
  }
}

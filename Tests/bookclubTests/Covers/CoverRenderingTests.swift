import Foundation
import ImageDecoding
import Testing

@testable import bookclub

/// The three ways a cover reaches a terminal, byte for byte, and which one is chosen.
@Suite struct CoverRenderingTests {
  /// Red and green over blue and white.
  let square = RGBImage(
    width: 2, height: 2, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])

  @Test func halfBlocksPaintTheUpperPixelOverTheLower() {
    #expect(
      HalfBlocks.lines(square, columns: 2) == [
        "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀"
          + "\u{1B}[38;2;0;255;0m\u{1B}[48;2;255;255;255m▀\u{1B}[0m"
      ])
    // One cell: the mean of the top row over the mean of the bottom one.
    #expect(
      HalfBlocks.lines(square, columns: 1) == [
        "\u{1B}[38;2;128;128;0m\u{1B}[48;2;128;128;255m▀\u{1B}[0m"
      ])
  }

  @Test func aRunOfOneColourIsColouredOnce() {
    let plain = RGBImage(width: 4, height: 2, pixels: [UInt8](repeating: 9, count: 24))
    #expect(
      HalfBlocks.lines(plain, columns: 4) == ["\u{1B}[38;2;9;9;9m\u{1B}[48;2;9;9;9m▀▀▀▀\u{1B}[0m"])
  }

  @Test func kittyTransmitsRawRGBInChunksOfFourThousandNinetySix() {
    #expect(
      KittyImage.sequence(square, columns: 4, rows: 2)
        == "\u{1B}_Ga=T,f=24,s=2,v=2,c=4,r=2,q=2,C=1,m=0;/wAAAP8AAAD/////\u{1B}\\")
    let large = RGBImage(width: 100, height: 100, pixels: [UInt8](repeating: 7, count: 30_000))
    let sequence = KittyImage.sequence(large, columns: 20, rows: 10)
    let chunks = sequence.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
    #expect(chunks.count == 10)  // 40,000 base64 characters
    #expect(chunks.first?.hasPrefix("\u{1B}_Ga=T,f=24,s=100,v=100,c=20,r=10,q=2,C=1,m=1;") == true)
    #expect(chunks.dropFirst().dropLast().allSatisfy { $0.hasPrefix("\u{1B}_Gm=1;") })
    #expect(chunks.last?.hasPrefix("\u{1B}_Gm=0;") == true)
    let payload = chunks.map { String($0.split(separator: ";", maxSplits: 1)[1]) }.joined()
    #expect(Data(base64Encoded: payload) == Data(large.pixels))
  }

  @Test func iTermSendsTheFileItself() {
    #expect(
      ITermImage.sequence(file: [0xFF, 0xD8, 0xFF], columns: 10, rows: 5)
        == "\u{1B}]1337;File=inline=1;size=3;width=10;height=5;preserveAspectRatio=1:/9j/\u{07}")
  }

  @Test(arguments: [
    (["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], CoverProtocol.kitty),
    (["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], .kitty),
    (["TERM": "xterm-256color", "KONSOLE_VERSION": "230800"], .kitty),
    (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .iterm),
    (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .iterm),
    (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .halfblocks),
    (
      [
        "TERM": "tmux-256color", "TMUX": "/tmp/t", "COLORTERM": "truecolor", "KITTY_WINDOW_ID": "1",
      ], .halfblocks
    ),
    (["TERM": "xterm-256color"], .none),
    (["TERM": "dumb", "COLORTERM": "truecolor"], .none),
  ])
  func theEnvironmentChoosesTheProtocol(_ environment: [String: String], _ expected: CoverProtocol)
  {
    #expect(CoverProtocol.detect(environment) == expected)
  }
}

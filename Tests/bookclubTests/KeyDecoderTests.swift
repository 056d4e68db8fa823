import Testing

@testable import bookclub

/// The key decoder, byte by byte: every sequence whole, cut at every byte, and mixed.
@Suite struct KeyDecoderTests {
  static let sequences: [(String, [UInt8], Key)] = [
    ("up CSI", [0x1B, 0x5B, 0x41], .up), ("down CSI", [0x1B, 0x5B, 0x42], .down),
    ("right CSI", [0x1B, 0x5B, 0x43], .right), ("left CSI", [0x1B, 0x5B, 0x44], .left),
    ("up SS3", [0x1B, 0x4F, 0x41], .up), ("down SS3", [0x1B, 0x4F, 0x42], .down),
    ("home CSI H", [0x1B, 0x5B, 0x48], .home), ("end CSI F", [0x1B, 0x5B, 0x46], .end),
    ("home SS3", [0x1B, 0x4F, 0x48], .home), ("end SS3", [0x1B, 0x4F, 0x46], .end),
    ("home 1~", Array("\u{1B}[1~".utf8), .home), ("end 4~", Array("\u{1B}[4~".utf8), .end),
    ("home 7~", Array("\u{1B}[7~".utf8), .home), ("end 8~", Array("\u{1B}[8~".utf8), .end),
    ("page up", Array("\u{1B}[5~".utf8), .pageUp),
    ("page down", Array("\u{1B}[6~".utf8), .pageDown),
    ("insert", Array("\u{1B}[2~".utf8), .insert), ("delete", Array("\u{1B}[3~".utf8), .delete),
    ("ctrl-up", Array("\u{1B}[1;5A".utf8), .up),
    ("shift-page-down", Array("\u{1B}[6;2~".utf8), .pageDown),
    ("back tab", Array("\u{1B}[Z".utf8), .backTab), ("F5", Array("\u{1B}[15~".utf8), .unknown),
    ("F1 SS3", Array("\u{1B}OP".utf8), .unknown), ("enter CR", [0x0D], .enter),
    ("enter LF", [0x0A], .enter), ("tab", [0x09], .tab), ("backspace", [0x7F], .backspace),
    ("ctrl-h", [0x08], .backspace), ("ctrl-d", [0x04], .control("d")),
    ("space", [0x20], .character(" ")), ("q", [0x71], .character("q")),
    ("é", Array("é".utf8), .character("é")), ("ж", Array("ж".utf8), .character("ж")),
    ("emoji", Array("📚".utf8), .character("📚")),
    ("paste", Array("\u{1B}[200~a\u{1B}b\nc\u{1B}[201~".utf8), .paste("a\u{1B}b\nc")),
  ]

  @Test(arguments: sequences.map { ($0.0, $0.1) })
  func wholeAndCutAtEveryByte(name: String, bytes: [UInt8]) {
    let expected = Self.sequences.first { $0.0 == name }!.2
    var whole = KeyDecoder()
    #expect(whole.decode(bytes, isComplete: true) == [expected], "\(name) whole")
    for cut in 1..<max(1, bytes.count) {
      var decoder = KeyDecoder()
      let first = decoder.decode(bytes[..<cut], isComplete: false)
      let rest = decoder.decode(bytes[cut...], isComplete: true)
      #expect(first + rest == [expected], "\(name) cut after \(cut) bytes")
    }
  }

  @Test func aLoneEscapeIsEscapeOnlyWhenNothingFollows() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B], isComplete: false) == [])
    #expect(decoder.decode([], isComplete: true) == [.escape])
    #expect(decoder.decode([0x1B, 0x71], isComplete: true) == [.escape, .character("q")])
  }

  @Test func aCutSequenceIsDroppedWholeNotTyped() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[6".utf8), isComplete: true) == [])
    #expect(decoder.decode(Array("j".utf8), isComplete: true) == [.character("j")])
  }

  @Test func keysTypedAheadComeOutInOrder() {
    var decoder = KeyDecoder()
    let bytes = Array("\u{1B}[6~ q\u{1B}OBé\r".utf8)
    #expect(
      decoder.decode(bytes, isComplete: true) == [
        .pageDown, .character(" "), .character("q"), .down, .character("é"), .enter,
      ])
  }

  @Test func hostileSequencesNameNoKey() {
    var decoder = KeyDecoder()
    let bytes = Array("\u{1B}[99999999999999999999~\u{1B}[?1~\u{1B}[-5~\u{1B}[;5A".utf8)
    #expect(decoder.decode(bytes, isComplete: true) == [.unknown, .unknown, .unknown, .up])
  }

  @Test func aPasteThatNeverEndsKeepsItsFirstMiB() {
    var decoder = KeyDecoder()
    let start = Array("\u{1B}[200~".utf8)
    #expect(decoder.decode(start, isComplete: false) == [])
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)
    for _ in 0..<40 { _ = decoder.decode(chunk, isComplete: false) }
    let pasted = decoder.decode(Array("\u{1B}[201~".utf8), isComplete: true)
    guard case .paste(let text) = pasted.first else {
      Issue.record("expected a paste, got \(pasted)")
      return
    }
    #expect(text.utf8.count == KeyDecoder.pasteLimit)
  }

  @Test func invalidUTF8IsDroppedNotTyped() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0xFF, 0xC3, 0x28, 0x61], isComplete: true).last == .character("a"))
  }
}

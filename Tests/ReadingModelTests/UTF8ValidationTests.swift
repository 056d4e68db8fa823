import Testing

@testable import ReadingModel

/// Bytes become text only when they are UTF-8: the ASCII shortcut must not let anything
/// else through.
@Suite struct UTF8ValidationTests {
  @Test(
    arguments: [
      ("plain ASCII", Array("Middlemarch, 1871".utf8), "Middlemarch, 1871"),
      ("two-byte and four-byte", Array("Éowyn 📚".utf8), "Éowyn 📚"),
      ("empty", [], ""),
    ] as [(String, [UInt8], String)])
  func validUTF8IsMadeText(_ what: String, bytes: [UInt8], text: String) {
    #expect(String(validatingUTF8Bytes: bytes[...]) == text, "\(what)")
    #expect(bytes.withUnsafeBufferPointer { String(validatingUTF8Bytes: $0) } == text, "\(what)")
  }

  @Test(
    arguments: [
      ("a lone continuation byte", [0x41, 0x80, 0x42]),
      ("Latin-1 é", [0x63, 0x61, 0x66, 0xE9]),
      ("a cut sequence", [0xE2, 0x82]),
      ("an overlong slash", [0xC0, 0xAF]),
      ("a surrogate", [0xED, 0xA0, 0x80]),
    ] as [(String, [UInt8])])
  func anythingElseIsRefused(_ what: String, bytes: [UInt8]) {
    #expect(String(validatingUTF8Bytes: bytes[...]) == nil, "\(what)")
    #expect(bytes.withUnsafeBufferPointer { String(validatingUTF8Bytes: $0) } == nil, "\(what)")
  }
}

/// Text from a device's file: UTF-8 with or without a byte order mark, or UTF-16 of either
/// order with one, in lines ended by CRLF, LF or CR.
enum DeviceText {
  /// The bytes as text, and whether some bytes were not text in their encoding (those are
  /// `�`, never a crash or a silent drop). Byte order marks are removed wherever they are:
  /// a Kindle leaves one at the start of entries it appended.
  static func decode(_ bytes: [UInt8]) -> (text: String, hadInvalidBytes: Bool) {
    var utf8 = bytes
    if bytes.count >= 2,
      bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF
    {
      var transcoder = UTF16Transcoder(bigEndian: bytes[0] == 0xFE)
      utf8 = transcoder.transcode(Array(bytes.dropFirst(2)), final: true)
    }
    if let text = String(validating: utf8, as: UTF8.self) { return (text.replacingBOMs(), false) }
    return (String(decoding: utf8, as: UTF8.self).replacingBOMs(), true)
  }
}

extension String {
  /// The text without U+FEFF.
  fileprivate func replacingBOMs() -> String {
    guard unicodeScalars.contains("\u{FEFF}") else { return self }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: unicodeScalars.lazy.filter { $0 != "\u{FEFF}" })
    return String(view)
  }
}

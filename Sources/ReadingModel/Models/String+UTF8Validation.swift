extension String {
  /// The text `bytes` hold when they are valid UTF-8; `nil` otherwise.
  ///
  /// ASCII, most of what files hold, is made as it stands. The standard library's
  /// `String(validating:as:)` is generic over the encoding and looks its type up at every
  /// call: reading a club's journals spent a fifth of its time there.
  ///
  /// - Parameter bytes: The bytes, in no particular storage.
  init?(validatingUTF8Bytes bytes: UnsafeBufferPointer<UInt8>) {
    if bytes.allSatisfy({ $0 < 0x80 }) {
      self = String(decoding: bytes, as: UTF8.self)
    } else if let text = String(validating: bytes, as: UTF8.self) {
      self = text
    } else {
      return nil
    }
  }

  /// The text `bytes` hold when they are valid UTF-8 (``init(validatingUTF8Bytes:)-(UnsafeBufferPointer<UInt8>)``).
  init?(validatingUTF8Bytes bytes: ArraySlice<UInt8>) {
    guard let text = bytes.withUnsafeBufferPointer({ String(validatingUTF8Bytes: $0) }) else {
      return nil
    }
    self = text
  }
}

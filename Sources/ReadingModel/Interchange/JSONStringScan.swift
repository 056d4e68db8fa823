/// Finds where a JSON string's plain run of bytes ends, eight bytes at a time: a long
/// review is passed over in a few steps instead of a step a byte.
enum JSONStringScan {
  /// How far from `start` the bytes hold no quote and no backslash (and, with `controls`,
  /// no byte below 0x20), give or take the last few: the returned index is at most that of
  /// the first such byte, and the bytes from there on are still to be looked at one by one.
  ///
  /// - Parameters:
  ///   - bytes: The text's UTF-8.
  ///   - start: Where to start.
  ///   - controls: Whether a control character ends the run (a writer escapes them; a
  ///     reader passes them over).
  /// - Returns: An index from `start` to `bytes.count`.
  static func plainEnd(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, controls: Bool
  ) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = start
    while index + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      // A byte's high bit is set here when the byte is a quote or a backslash (or below
      // 0x20): the zero-byte test of "Bit Twiddling Hacks". Bytes of 0x80 and up are masked
      // out by `~word`; a false alarm only ends the fast part early.
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      var found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
      if controls { found |= (word &- ones &* 0x20) & ~word }
      if found & highs != 0 { break }
      index += 8
    }
    return index
  }
}

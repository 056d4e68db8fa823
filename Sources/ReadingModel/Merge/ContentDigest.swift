/// 128 bits of digest of a sequence of texts, the same in every process and on every machine
/// (Swift's `Hasher` is seeded anew in each process): 64-bit FNV-1a, and a second hash with
/// another offset and multiplier. Two different contents alike in both is a chance far below
/// a disk's own errors.
///
/// Not a cryptographic hash: it tells apart what a file says from what it said before, not
/// what an adversary made to collide (a file's author can write any row anyway).
struct ContentDigest: Hashable, Sendable {
  let first: UInt64
  let second: UInt64

  /// A digest being made, text by text.
  struct Builder: Sendable {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x6c62_272e_07bb_0142

    init() {}

    /// Adds `text`, then a separator: `0xFF` is no byte of UTF-8, so `["ab", "c"]` and
    /// `["a", "bc"]` differ.
    mutating func add(_ text: String) {
      var text = text
      text.withUTF8 { bytes in
        for byte in bytes { add(byte) }
      }
      add(0xFF)
    }

    /// Adds each text in turn (``add(_:)-(String)``).
    mutating func add(_ texts: [String]) {
      for text in texts { add(text) }
    }

    private mutating func add(_ byte: UInt8) {
      first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
      second = (second ^ UInt64(byte)) &* 0x9e37_79b9_7f4a_7c15
      second ^= second >> 29
    }

    /// The digest of what was added.
    var digest: ContentDigest { ContentDigest(first: first, second: second) }
  }

  /// The digest of `texts`, in order.
  init(of texts: [String]) {
    var builder = Builder()
    builder.add(texts)
    self = builder.digest
  }

  init(first: UInt64, second: UInt64) {
    self.first = first
    self.second = second
  }

  /// The digest as 32 lower-case hexadecimal digits: how a library stores it.
  var hex: String {
    func digits(_ value: UInt64) -> String {
      let text = String(value, radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }
    return digits(first) + digits(second)
  }

  /// Reads ``hex``; `nil` for anything else.
  init?(hex: String) {
    let bytes = hex.utf8
    guard bytes.count == 32, bytes.allSatisfy({ Self.isLowerHexDigit($0) }),
      let first = UInt64(hex.prefix(16), radix: 16),
      let second = UInt64(hex.suffix(16), radix: 16)
    else { return nil }
    self.init(first: first, second: second)
  }

  private static func isLowerHexDigit(_ byte: UInt8) -> Bool {
    (48...57).contains(byte) || (97...102).contains(byte)
  }
}

/// A place in the Up Next queue as text: digits of base 62 (`0-9A-Za-z`, in the order of
/// their bytes), read as the fraction `0.<digits>`, so keys sort as text sorts them and any
/// two have one between them. A move writes one book's key, never its neighbours': every
/// device that reads it puts the book in the same place.
///
/// No key ends in `0`, so there is always room before one.
public enum UpNextKey {
  private static let digits = Array(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
  /// The longest key kept: far beyond what a queue reaches (a key grows one digit in about
  /// six moves into one gap), short enough that a hostile file cannot make it a burden.
  public static let longest = 200

  /// A key between `lower` and `upper`, either of which may be open (`nil`).
  ///
  /// - Precondition: `lower < upper` when both are given, both valid (``isValid(_:)``).
  public static func between(_ lower: String?, _ upper: String?) -> String {
    String(decoding: middle(Array((lower ?? "").utf8), upper.map { Array($0.utf8) }), as: UTF8.self)
  }

  /// Whether `key` is one this type makes: base-62 digits, not ending in `0`, not too long.
  public static func isValid(_ key: String) -> Bool {
    let bytes = Array(key.utf8)
    return !bytes.isEmpty && bytes.count <= longest && bytes.last != digits[0]
      && bytes.allSatisfy { value(of: $0) != nil }
  }

  private static func middle(_ lower: [UInt8], _ upper: [UInt8]?) -> [UInt8] {
    if let upper {
      // A shared start stays; the middle is found after it.
      var shared = 0
      while shared < upper.count,
        (shared < lower.count ? lower[shared] : digits[0]) == upper[shared]
      {
        shared += 1
      }
      if shared > 0 {
        return Array(upper[..<shared])
          + middle(Array(lower.dropFirst(min(shared, lower.count))), Array(upper.dropFirst(shared)))
      }
    }
    let low = lower.first.flatMap(value(of:)) ?? 0
    let high = upper?.first.flatMap(value(of:)) ?? digits.count
    if high - low > 1 { return [digits[(low + high) / 2]] }
    // Neighbouring digits: the upper one alone, when more follow it, is between the two;
    // else the lower digit, then a key after the rest of the lower one.
    if let upper, upper.count > 1 { return [upper[0]] }
    return [digits[low]] + middle(Array(lower.dropFirst()), nil)
  }

  private static func value(of byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A")) + 10
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 36
    default: nil
    }
  }
}

/// A checked ISBN, kept in both forms when both exist.
///
/// Every ISBN-10 has an ISBN-13 (prefix 978); an ISBN-13 has an ISBN-10 only when it starts
/// with 978. Hyphens and spaces are ignored on input; check digits are verified, and a
/// 13-digit code must start with 978 or 979 (other EAN-13 barcodes are not books' ISBNs).
public struct ISBN: Sendable, Hashable, Codable {
  /// The 13-digit form.
  public let isbn13: String
  /// The 10-character form (the last may be `X`), when one exists.
  public let isbn10: String?

  /// Parses an ISBN-10 or ISBN-13.
  ///
  /// - Parameter text: The ISBN, with or without hyphens or spaces.
  /// - Returns: `nil` when `text` is not a valid ISBN (wrong length, characters or check digit).
  public init?(_ text: some StringProtocol) {
    guard let compact = Self.compact(text), let parsed = Self.parse(compact) else { return nil }
    self = parsed
  }

  /// Parses an ISBN-10 the way spreadsheets mangle them: a 9-digit number whose leading zero
  /// was dropped (`140449132` for `0140449132`) is that ISBN when the restored check digit
  /// holds. Other text is parsed as ``init(_:)`` does.
  ///
  /// - Returns: `nil` when neither reading gives a valid ISBN.
  public init?(restoringLeadingZero text: some StringProtocol) {
    guard let compact = Self.compact(text) else { return nil }
    if compact.count == 9, let restored = Self.parse([UInt8(ascii: "0")] + compact) {
      self = restored
    } else if let parsed = Self.parse(compact) {
      self = parsed
    } else {
      return nil
    }
  }

  private init(isbn13: [UInt8], isbn10: [UInt8]?) {
    self.isbn13 = String(decoding: isbn13, as: UTF8.self)
    self.isbn10 = isbn10.map { String(decoding: $0, as: UTF8.self) }
  }

  /// The text's bytes without hyphens and spaces, `x` as `X`; `nil` when longer than any
  /// ISBN. Worked on as ASCII bytes: imports and club journals check thousands of ISBNs.
  private static func compact(_ text: some StringProtocol) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(13)
    for byte in text.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: " ") {
      guard bytes.count < 13 else { return nil }
      bytes.append(byte == UInt8(ascii: "x") ? UInt8(ascii: "X") : byte)
    }
    return bytes
  }

  private static func parse(_ code: [UInt8]) -> ISBN? {
    switch code.count {
    case 10:
      guard code.prefix(9).allSatisfy(isDigit), checkDigit10(code.prefix(9)) == code[9] else {
        return nil
      }
      let twelve = Array("978".utf8) + code.prefix(9)
      return ISBN(isbn13: twelve + [checkDigit13(twelve[...])], isbn10: code)
    case 13:
      guard code.allSatisfy(isDigit),
        code.starts(with: "978".utf8) || code.starts(with: "979".utf8),
        checkDigit13(code.prefix(12)) == code[12]
      else { return nil }
      let nine = code[3..<12]
      let isbn10 = code.starts(with: "978".utf8) ? Array(nine) + [checkDigit10(nine)] : nil
      return ISBN(isbn13: code, isbn10: isbn10)
    default:
      return nil
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func checkDigit10(_ nine: ArraySlice<UInt8>) -> UInt8 {
    let sum = nine.enumerated().reduce(0) { $0 + (10 - $1.offset) * Int($1.element - 48) }
    let check = (11 - sum % 11) % 11
    return check == 10 ? UInt8(ascii: "X") : UInt8(48 + check)
  }

  private static func checkDigit13(_ twelve: ArraySlice<UInt8>) -> UInt8 {
    let sum = twelve.enumerated().reduce(0) {
      $0 + ($1.offset.isMultiple(of: 2) ? 1 : 3) * Int($1.element - 48)
    }
    return UInt8(48 + (10 - sum % 10) % 10)
  }
}

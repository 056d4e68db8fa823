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
    let compact = text.uppercased().filter { $0 != "-" && $0 != " " }
    switch compact.count {
    case 10:
      guard Self.isValidISBN10(compact) else { return nil }
      isbn10 = compact
      isbn13 = Self.isbn13(fromISBN10: compact)
    case 13:
      guard compact.allSatisfy(\.isASCIIDigit),
        compact.hasPrefix("978") || compact.hasPrefix("979"),
        Self.checkDigit13(compact.prefix(12)) == compact.last
      else { return nil }
      isbn13 = compact
      isbn10 = compact.hasPrefix("978") ? Self.isbn10(fromISBN13: compact) : nil
    default:
      return nil
    }
  }

  /// Parses an ISBN-10 the way spreadsheets mangle them: a 9-digit number whose leading zero
  /// was dropped (`140449132` for `0140449132`) is that ISBN when the restored check digit
  /// holds. Other text is parsed as ``init(_:)`` does.
  ///
  /// - Returns: `nil` when neither reading gives a valid ISBN.
  public init?(restoringLeadingZero text: some StringProtocol) {
    let compact = text.uppercased().filter { $0 != "-" && $0 != " " }
    if compact.count == 9, let restored = ISBN("0" + compact) {
      self = restored
    } else if let parsed = ISBN(compact) {
      self = parsed
    } else {
      return nil
    }
  }

  private static func isValidISBN10(_ digits: String) -> Bool {
    guard digits.prefix(9).allSatisfy(\.isASCIIDigit), let last = digits.last,
      last.isASCIIDigit || last == "X"
    else { return false }
    return checkDigit10(digits.prefix(9)) == last
  }

  private static func checkDigit10(_ nine: Substring) -> Character {
    let sum = nine.enumerated().reduce(0) { $0 + (10 - $1.offset) * $1.element.digitValue }
    let check = (11 - sum % 11) % 11
    return check == 10 ? "X" : Character(String(check))
  }

  private static func checkDigit13(_ twelve: Substring) -> Character {
    let sum = twelve.enumerated().reduce(0) {
      $0 + ($1.offset.isMultiple(of: 2) ? 1 : 3) * $1.element.digitValue
    }
    return Character(String((10 - sum % 10) % 10))
  }

  private static func isbn13(fromISBN10 isbn10: String) -> String {
    let twelve = "978" + isbn10.prefix(9)
    return twelve + String(checkDigit13(Substring(twelve)))
  }

  private static func isbn10(fromISBN13 isbn13: String) -> String {
    let nine = isbn13.dropFirst(3).prefix(9)
    return nine + String(checkDigit10(nine))
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
  fileprivate var digitValue: Int { wholeNumberValue ?? 0 }
}

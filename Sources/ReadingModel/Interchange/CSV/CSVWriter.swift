#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes RFC 4180 CSV: fields quoted when they hold a comma, quote or line break, quotes
/// doubled, lines ended with CRLF as the RFC says.
public enum CSVWriter {
  /// One record, with its line ending.
  public static func line(_ fields: [String]) -> String {
    fields.map(quote).joined(separator: ",") + "\r\n"
  }

  /// One field, quoted when it needs to be.
  public static func quote(_ field: String) -> String {
    let needsQuotes = field.utf8.contains {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
    }
    guard needsQuotes else { return field }
    // Split and joined with the standard library: Foundation's replacing goes through
    // NSString on Linux, a copy per field.
    let doubled = field.split(separator: "\"", omittingEmptySubsequences: false)
      .joined(separator: "\"\"")
    return "\"" + doubled + "\""
  }
}

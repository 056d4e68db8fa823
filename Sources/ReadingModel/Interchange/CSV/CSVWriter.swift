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
    var bytes: [UInt8] = []
    append(fields, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends one record, with its line ending, to `output`: a whole export is written
  /// through one buffer, with no string made per field.
  ///
  /// - Parameters:
  ///   - fields: The record's fields.
  ///   - output: The bytes written so far.
  public static func append(_ fields: [String], to output: inout [UInt8]) {
    for (index, field) in fields.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      appendField(field.utf8, to: &output)
    }
    endRecord(&output)
  }

  /// Appends one field's UTF-8, quoted when it needs to be (no separator before it).
  public static func appendField(_ utf8: some Collection<UInt8>, to output: inout [UInt8]) {
    let isSpecial = { (byte: UInt8) in
      byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
    }
    // Over the stored bytes where they are at hand (a native string's): every field of an
    // export is looked at, and most need no quotes.
    let plain = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      guard !bytes.contains(where: isSpecial) else { return false }
      output.append(contentsOf: bytes)
      return true
    }
    if plain == true { return }
    guard plain == false || utf8.contains(where: isSpecial) else {
      output.append(contentsOf: utf8)
      return
    }
    output.append(UInt8(ascii: "\""))
    for byte in utf8 {
      output.append(byte)
      if byte == UInt8(ascii: "\"") { output.append(byte) }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Ends a record: CRLF.
  public static func endRecord(_ output: inout [UInt8]) {
    output.append(0x0D)
    output.append(0x0A)
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

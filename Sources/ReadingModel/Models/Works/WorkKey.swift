#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The key that ties editions of one work together (DESIGN.md section 14): Open Library's
/// work id (`OL45883W`) when a lookup gave one, else one made when books were first linked
/// (`w-` and a UUID). Books with the same key are editions of one work.
public enum WorkKey {
  /// The longest key kept.
  public static let longest = 64

  /// A key for a work nobody has named yet.
  public static func new() -> String { "w-" + UUID().uuidString.lowercased() }

  /// Open Library's work id of a record's `/works/OL45883W`; `nil` for anything else.
  public static func openLibrary(path: String) -> String? {
    guard path.hasPrefix("/works/") else { return nil }
    let id = path.dropFirst("/works/".count)
    guard id.hasPrefix("OL"), id.hasSuffix("W"), id.count <= 20,
      id.dropFirst(2).dropLast().allSatisfy(\.isASCIIDigit), id.count > 3
    else { return nil }
    return String(id)
  }

  /// Whether `key` is one a library keeps: letters, digits and `-`, at most ``longest``.
  public static func isValid(_ key: String) -> Bool {
    !key.isEmpty && key.utf8.count <= longest
      && key.utf8.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
          || (0x61...0x7A).contains(byte) || byte == 0x2D
      }
  }
}

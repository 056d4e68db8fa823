#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ids of clubs and members: lowercase UUIDs, as bookclub makes them. File names are
/// made from them (`members/<id>.jsonl`, lock files), so an id read from a club folder or
/// a library is used only once it is one of these: never a `/`, a `..` or anything else.
public enum ClubID {
  /// A new id.
  public static func make() -> String {
    UUID().uuidString.lowercased()
  }

  /// Whether `id` is a lowercase UUID (`8-4-4-4-12` hexadecimal digits).
  public static func isValid(_ id: String) -> Bool {
    let bytes = Array(id.utf8)
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        guard (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) else { return false }
      }
    }
    return true
  }

  /// `id`, when it is valid.
  ///
  /// - Parameter source: What gave the id, for the message.
  /// - Throws: ``ClubError/invalidID(_:source:)`` otherwise.
  public static func checked(_ id: String, from source: String) throws(ClubError) -> String {
    guard isValid(id) else { throw .invalidID(id, source: source) }
    return id
  }
}

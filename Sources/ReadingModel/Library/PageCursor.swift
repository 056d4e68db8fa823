#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a page ends: the sort key and id of its last book, and how many books came before.
///
/// Shown to users as an opaque, URL-safe token (`--after`). The token names its sort, so a
/// cursor cannot be used with a different order by mistake.
public struct PageCursor: Sendable, Hashable {
  public let sort: BookSort
  /// Books listed up to and including the last one: the next page starts at `position + 1`.
  public let position: Int
  /// The last book's sort key: its folded title or author, finish day, rating, or its update
  /// or added time in ms.
  let key: String
  public let lastID: Book.ID

  init(sort: BookSort, position: Int, key: String, lastID: Book.ID) {
    self.sort = sort
    self.position = position
    self.key = key
    self.lastID = lastID
  }

  private static let version = "c1"
  private static let separator: Character = "\u{1F}"

  /// The opaque token: stable for the same book at the same position.
  public var token: String {
    let separator = Self.separator
    let plain =
      "\(Self.version)\(separator)\(sort.rawValue)\(separator)\(position)"
      + "\(separator)\(lastID)\(separator)\(key)"
    // URL-safe base64 without padding, written byte by byte: Foundation's encoder and the
    // string-processing library's `replacing` each cost `list` more than the page's own
    // rendering.
    let bytes = Array(plain.utf8)
    var encoded: [UInt8] = []
    encoded.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      var bits = 0
      for (offset, byte) in chunk.enumerated() { bits |= Int(byte) << (16 - 8 * offset) }
      for digit in 0...chunk.count {
        encoded.append(Self.alphabet[(bits >> (18 - 6 * digit)) & 0x3F])
      }
      index += 3
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  /// URL-safe base64's digits: `-` and `_` where base64 has `+` and `/`.
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// Reads a token made by ``token``.
  ///
  /// - Parameter token: The text a user passed to `--after`.
  /// - Returns: `nil` when the token was not made by this version of bookclub.
  public init?(token: String) {
    var bytes = token.utf8.map { byte in
      switch byte {
      case UInt8(ascii: "-"): UInt8(ascii: "+")
      case UInt8(ascii: "_"): UInt8(ascii: "/")
      default: byte
      }
    }
    bytes += repeatElement(UInt8(ascii: "="), count: (4 - bytes.count % 4) % 4)
    let base64 = String(decoding: bytes, as: UTF8.self)
    guard let data = Data(base64Encoded: base64), let plain = String(data: data, encoding: .utf8)
    else { return nil }
    let parts = plain.split(
      separator: Self.separator, maxSplits: 4, omittingEmptySubsequences: false)
    guard parts.count == 5, parts[0] == Self.version,
      let sort = BookSort(rawValue: String(parts[1])),
      let position = Int(parts[2]), position > 0,
      let lastID = Book.ID(parts[3])
    else { return nil }
    switch sort {
    case .updated, .added: guard Int64(parts[4]) != nil else { return nil }
    case .rating, .series: guard Double(parts[4]) != nil else { return nil }
    default: break
    }
    self.init(sort: sort, position: position, key: String(parts[4]), lastID: lastID)
  }
}

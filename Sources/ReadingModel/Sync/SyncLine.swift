/// One line of a device's journal (`devices/<id>.jsonl`): one change this device made,
/// numbered in the device's order and stamped (``SyncStamp``).
///
/// ```json
/// {"v":1,"device":"a1b2c3d4e5f6","seq":12,"stamp":"1764672000000.0.a1b2c3d4e5f6",
///  "kind":"book","book":"5d1e…-uuid","claim":7,
///  "fields":{"title":"Emma","details.rating":4.0},"previous":{"details.rating":"…stamp"},
///  "items":{"progress/UUID":{…entry…},"history/{…}":{…event…}},"removed":false}
/// ```
/// `kind` is `book` (the fields, entries, status changes and history events of one book
/// that the change set, by the book's sync id), `device` (the device's name, once, at its
/// first line) or `club` (a club joined or left, ``SyncClubChange``). A newer bookclub's
/// kinds are kept and not applied.
public struct SyncLine: Sendable, Equatable {
  /// The journal format this bookclub writes.
  public static let version = 1

  public var device: SyncDeviceID
  /// The device's count of its changes: 1, 2, 3… A duplicate is applied once.
  public var sequence: Int
  public var stamp: SyncStamp
  public var kind: Kind

  public enum Kind: Sendable, Equatable {
    case book(SyncBookChange)
    /// The device's name, as `sync devices` shows it.
    case device(name: String)
    /// A club joined or left on the device.
    case club(SyncClubChange)
    /// A kind this bookclub does not know, with the line as it was.
    case unknown(kind: String, line: [UInt8])
  }

  public init(device: SyncDeviceID, sequence: Int, stamp: SyncStamp, kind: Kind) {
    self.device = device
    self.sequence = sequence
    self.stamp = stamp
    self.kind = kind
  }
}

/// What one change set of one book, as values (never "+20 pages": a journal is read in
/// any order, so only what the fields became can converge).
public struct SyncBookChange: Sendable, Equatable {
  /// The book's sync id, the same on every device (its local id may differ for a while).
  public var book: String
  /// The local id the device that added the book gave it: on the line that adds it.
  public var claim: Int64?
  /// Field values by name (`title`, `details.rating`…).
  public var fields: [String: JSONValue] = [:]
  /// The stamp each field had before this change, where it had one: a field changed on
  /// two devices that had not seen each other's change is a conflict.
  public var previous: [String: SyncStamp] = [:]
  /// Entries, status changes and history events by key (`progress/<id>`,
  /// `statusChanges/<json>`, `history/<json>`): `.null` takes one away.
  public var items: [String: JSONValue] = [:]
  /// Whether the book went to the trash (`true`) or came back from it (`false`).
  public var removed: Bool?

  public init(book: String) { self.book = book }

  /// What the book was added as, to find two devices' adds of one book: its ISBN-13, or its
  /// title and first author as an import matches them. Only the adding line's fields count,
  /// never later edits, so every device finds the same pairs.
  var addKey: String? {
    guard claim != nil, let title = fields["title"]?.string else { return nil }
    if let isbn = fields["isbn13"]?.string, !isbn.isEmpty { return "isbn:" + isbn }
    var author = ""
    if case .array(let authors)? = fields["authors"] { author = authors.first?.string ?? "" }
    return "title:" + MatchKey.fullTitle(title) + "\u{1F}" + MatchKey.author(author)
  }

  /// Whether a book's sync id is one bookclub makes: a lowercase UUID.
  static func isBookID(_ text: String) -> Bool {
    text.utf8.count == 36
      && text.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
      }
  }
}

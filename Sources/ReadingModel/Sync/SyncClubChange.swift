/// A club joined or left on one device, for the others: a `club` line of the device's
/// journal. Another device joins the club too (with a journal of its own, tied to the
/// same person), or leaves it.
///
/// ```json
/// {"kind":"club","club":"…uuid","name":"Tuesday readers","person":"…uuid",
///  "memberName":"Ann","url":"https://example.org/club.git","sharesNotes":true,"left":false}
/// ```
public struct SyncClubChange: Sendable, Equatable {
  /// The club's id, from its `club.json`.
  public var club: String
  /// The club's name, as `club.json` gave it.
  public var name: String
  /// The person's id in the club: the member id of the device that joined first.
  public var person: String
  /// The name the person goes by in the club.
  public var memberName: String
  /// The git URL the club was cloned from; `nil` for a club folder, which has no address
  /// another device can use.
  public var url: String?
  public var sharesNotes: Bool
  /// Whether the person left the club.
  public var left: Bool

  public init(
    club: String, name: String, person: String, memberName: String, url: String?,
    sharesNotes: Bool, left: Bool
  ) {
    self.club = club
    self.name = name
    self.person = person
    self.memberName = memberName
    self.url = url
    self.sharesNotes = sharesNotes
    self.left = left
  }

  /// The change of a membership of this device.
  public init(_ membership: ClubMembership, left: Bool) {
    self.init(
      club: membership.clubID, name: membership.name,
      person: membership.person ?? membership.memberID, memberName: membership.memberName,
      url: membership.url, sharesNotes: membership.sharesNotes, left: left)
  }

  /// The members a `club` line gives it.
  var members: [String: JSONValue] {
    var members: [String: JSONValue] = [
      "club": .string(club), "name": .string(name), "person": .string(person),
      "memberName": .string(memberName), "sharesNotes": .bool(sharesNotes), "left": .bool(left),
    ]
    if let url { members["url"] = .string(url) }
    return members
  }

  /// Reads a `club` line's members: ids that are member ids, names and a URL of sensible
  /// length without control characters (a device's journal can be damaged, or written by
  /// someone else's bookclub in a shared folder).
  init?(members: [String: JSONValue]) {
    guard let club = members["club"]?.string, ClubID.isValid(club),
      let person = members["person"]?.string, ClubID.isValid(person),
      let name = members["name"]?.string, Self.isSensible(name, limit: 200),
      let memberName = members["memberName"]?.string, Self.isSensible(memberName, limit: 200),
      case .bool(let sharesNotes)? = members["sharesNotes"], case .bool(let left)? = members["left"]
    else { return nil }
    var url: String?
    if let given = members["url"] {
      guard let text = given.string, Self.isSensible(text, limit: 2048) else { return nil }
      url = text
    }
    self.init(
      club: club, name: name, person: person, memberName: memberName, url: url,
      sharesNotes: sharesNotes, left: left)
  }

  /// Whether `text` has 1 to `limit` bytes and no control character.
  private static func isSensible(_ text: String, limit: Int) -> Bool {
    (1...limit).contains(text.utf8.count)
      && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}

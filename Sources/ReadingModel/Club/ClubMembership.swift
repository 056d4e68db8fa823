/// A club you are in, as your library records it.
public struct ClubMembership: Sendable, Equatable {
  /// The club's id, from its `club.json`.
  public var clubID: String
  public var name: String
  /// The club folder (a clone, for a club joined by URL).
  public var path: String
  /// Your id in the club: your journal is `members/<memberID>.jsonl`.
  public var memberID: String
  public var memberName: String
  /// Whether your notes on the club's book are shared without `--share`.
  public var sharesNotes: Bool
  /// Whether `club sync` runs git in the folder: only for a club bookclub cloned, or made
  /// in a clone whose `.git` is the club folder's own. A `.git` that appears later (another
  /// member can put one in a folder a sync tool carries) does not make a git club.
  public var syncsWithGit: Bool
  /// The person this membership is a device of, when another device joined first (see
  /// ``ClubEvent/Kind/joined(name:person:)``); `nil`: this device's own member id.
  public var person: String?
  /// The git URL the club was cloned from, for your other devices to clone it too.
  public var url: String?

  public init(
    clubID: String, name: String, path: String, memberID: String, memberName: String,
    sharesNotes: Bool, syncsWithGit: Bool = false, person: String? = nil, url: String? = nil
  ) {
    self.clubID = clubID
    self.name = name
    self.path = path
    self.memberID = memberID
    self.memberName = memberName
    self.sharesNotes = sharesNotes
    self.syncsWithGit = syncsWithGit
    self.person = person
    self.url = url
  }
}

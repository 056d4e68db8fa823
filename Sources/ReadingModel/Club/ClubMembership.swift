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

  public init(
    clubID: String, name: String, path: String, memberID: String, memberName: String,
    sharesNotes: Bool, syncsWithGit: Bool = false
  ) {
    self.clubID = clubID
    self.name = name
    self.path = path
    self.memberID = memberID
    self.memberName = memberName
    self.sharesNotes = sharesNotes
    self.syncsWithGit = syncsWithGit
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a club cannot be used.
public enum ClubError: Error, Equatable, LocalizedError {
  /// There is no `club.json` at the path.
  case notAClub(String)
  /// `club create` at a folder that already holds a club.
  case alreadyAClub(String)
  /// `club.json` cannot be read as a club.
  case damaged(String)
  /// The folder was made by a newer bookclub.
  case newerFormat(String, format: Int)
  /// No club of yours has this name or id.
  case unknownClub(String)
  /// You belong to no club.
  case noClubs
  /// You belong to several clubs and did not say which.
  case whichClub([String])
  /// The club has no current book.
  case nothingPicked(String)
  /// `club.json` is there but is not a small regular file (a FIFO, a device, a folder, a
  /// symbolic link, or over 1 MiB): why, in words.
  case unreadableDescription(String, reason: String)
  /// An id that is not a UUID, and what gave it: file names are made from ids.
  case invalidID(String, source: String)
  /// A folder whose club id is that of a club you are in at another folder.
  case idInUse(name: String, joined: String, other: String)
  /// The folder of a club you are in now holds another club's description.
  case idChanged(path: String)

  public var errorDescription: String? {
    switch self {
    case .notAClub(let path):
      "\(path) is not a club folder (it has no club.json). Make one with 'bookclub club create \(path) --name <club> --as <you>'."
    case .alreadyAClub(let path):
      "\(path) is a club already. Join it with 'bookclub club join \(path) --as <you>'."
    case .damaged(let path):
      "\(path) cannot be read as a club description. Restore it from the club's git history or another member's copy."
    case .newerFormat(let path, let format):
      "The club at \(path) uses format \(format), newer than this bookclub reads (\(ClubFolder.formatVersion)). Update bookclub."
    case .unknownClub(let name):
      "You are not in a club called “\(name)”. 'bookclub club list' shows your clubs."
    case .noClubs:
      "You are in no club yet. Make one with 'bookclub club create <folder> --name <club> --as <you>' or join one with 'bookclub club join <folder or git URL> --as <you>'."
    case .whichClub(let names):
      "You are in several clubs (\(names.joined(separator: ", "))); name one."
    case .nothingPicked(let name):
      "“\(name)” has no book yet. Pick one: 'bookclub club pick <book>'."
    case .unreadableDescription(let path, let reason):
      "\(path) \(reason), so the club cannot be read: a club.json is a regular file of at most \(SmallFile.limit >> 20) MiB. Restore it from the club's git history or another member's copy."
    case .invalidID(let id, let source):
      "\(source) gives the id “\(Self.shortened(id))”, which is not a lowercase UUID as bookclub makes them: it is refused, because file names are made from ids."
    case .idChanged(let path):
      "\(path)/club.json now names another club than the one you joined there; nothing was read or written. Restore it from the club's git history or another member's copy, or leave the club ('bookclub club leave')."
    case .idInUse(let name, let joined, let other):
      "\(other) has the id of “\(name)”, the club you are in at \(joined): one club cannot be two folders, so it is refused. Use 'bookclub club join \(joined)' for that club; a club of its own needs a club.json of its own ('bookclub club create')."
    }
  }

  /// At most 40 characters of `id`: a hostile one may be long.
  private static func shortened(_ id: String) -> String {
    id.count > 40 ? String(id.prefix(40)) + "…" : id
  }
}

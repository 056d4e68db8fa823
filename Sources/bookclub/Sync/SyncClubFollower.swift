import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Follows here the clubs your other devices joined or left, after a sync: a club cloned
/// from a git URL is cloned and joined here too, with a journal of this device's own tied to
/// the same person (the club shows one member); a club folder, which has no address another
/// device can use, waits for `bookclub club join <folder>` here; a club left there is left
/// here.
///
/// The URL comes from a journal in the sync folder, which anyone who can write that folder
/// can write: it is cloned only when it is a URL (never a bare path, never one that reads as
/// an option), into a folder bookclub names, and only a clone holding that very
/// club is joined.
@MainActor
struct SyncClubFollower {
  let context: CommandContext

  /// Joins and leaves here what the other devices did.
  ///
  /// - Returns: What was done, a line each; what could not be, as warnings.
  func follow(_ library: SQLiteLibrary) async throws -> [String] {
    var done: [String] = []
    for change in try await library.unsettledSyncClubs() {
      let here = try await library.clubs().first { $0.clubID == change.club }
      let name = "“\(TerminalText.safe(change.name))”"
      do {
        switch (change.left, here) {
        case (true, let membership?):
          try await leave(membership, library: library)
          done.append("You left \(name) here too, as on your other device.")
        case (false, nil):
          guard let url = change.url else {
            context.notices.push(
              "You joined \(name) on another device, from a folder with no URL to clone it "
                + "from: run 'bookclub club join <its folder or git URL> --as "
                + "\(TerminalText.safe(change.memberName))' to take part here too.",
              level: .info)
            continue  // asked again at the next sync, until it is joined here
          }
          try await join(change, from: url, library: library)
          done.append(
            "You are in \(name) here too, as \(TerminalText.safe(change.memberName)), as on "
              + "your other device.")
        default: break  // already as the other device says
        }
        try await library.settleSyncClub(change.club)
      } catch {
        context.notices.push(
          "Could not follow \(name) from your other device: \(error.explanation) The next "
            + "sync tries again.", level: .warning)
      }
    }
    return done
  }

  /// `url` as your other devices are told it: without a password it may hold, and only
  /// when it is an address another machine can clone from (``isRemote(_:)``).
  nonisolated static func address(_ url: String) -> String? {
    let bare = ClubGit.withoutPassword(url)
    return isRemote(bare) ? bare : nil
  }

  /// Whether `url` is an address to clone from another machine: `scheme://…` or
  /// `user@host:path`, never a bare path or an option.
  nonisolated static func isRemote(_ url: String) -> Bool {
    guard !url.hasPrefix("-"), !url.hasPrefix("/"), !url.hasPrefix(".") else { return false }
    if let scheme = url.firstRange(of: "://") {
      return !url[..<scheme.lowerBound].isEmpty
        && url[..<scheme.lowerBound].allSatisfy { $0.isLetter || "+-.".contains($0) }
    }
    guard let at = url.firstIndex(of: "@"), let colon = url[at...].firstIndex(of: ":") else {
      return false
    }
    return at > url.startIndex && url.index(after: at) < colon
  }

  private func join(_ change: SyncClubChange, from url: String, library: SQLiteLibrary)
    async throws
  {
    guard Self.isRemote(url) else { throw SyncClubError.notARemote(url) }
    let path = try GitClone.clone(url, under: "clubs", fallback: "club", context: context)
    let folder: ClubFolder
    do {
      folder = try ClubFolder.open(path)
      guard folder.id == change.club else { throw SyncClubError.anotherClub(url) }
    } catch {
      try? FileManager.default.removeItem(atPath: path)  // ours, just made
      throw error
    }
    let membership = ClubMembership(
      clubID: folder.id, name: folder.name, path: folder.path, memberID: ClubID.make(),
      memberName: change.memberName, sharesNotes: change.sharesNotes, syncsWithGit: true,
      person: change.person, url: url)
    try await library.join(membership, at: Date().milliseconds)
    for problem in try await Bookclub.Club.exchange(
      membership, library: library, context: context, pushing: true)
    {
      context.notices.push(problem, level: .warning)
    }
  }

  private func leave(_ membership: ClubMembership, library: SQLiteLibrary) async throws {
    try await Bookclub.Club.leave(membership, library: library, context: context)
  }
}

/// Why a club of another device was not joined here.
enum SyncClubError: LocalizedError {
  /// The club's address is not a URL of another machine.
  case notARemote(String)
  /// The repository at the club's address holds another club.
  case anotherClub(String)

  var errorDescription: String? {
    switch self {
    case .notARemote(let url):
      "its address '\(TerminalText.safe(url))' is not a URL to clone from (a path here or an "
        + "option is never used)."
    case .anotherClub(let url):
      "the repository at '\(TerminalText.safe(url))' holds another club."
    }
  }
}

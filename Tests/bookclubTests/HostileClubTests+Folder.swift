import Foundation
import ReadingModel
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The traps a club folder could hold, whatever carries it.
extension HostileClub {
  /// Ann's club in a folder a sync tool carries, with Bo in it; both have Middlemarch,
  /// Ann's pick.
  ///
  /// - Returns: The folder.
  func syncedClubReadingMiddlemarch() async throws -> String {
    let folder = shared.path("Syncthing/bookworms")
    try await run(ann, ["club", "create", folder, "--name", "Bookworms", "--as", "Ann"])
    try await run(bo, ["club", "join", folder, "--as", "Bo"])
    try await addMiddlemarch(ann)
    try await addMiddlemarch(bo)
    try await run(ann, ["club", "pick", "Middlemarch"])
    return folder
  }

  /// Issue item 4: a club.json that copies the id of a club you are in took your
  /// membership (and your events) to its folder.
  func clubIDOfAnotherClub() async throws {
    let club = shared.path("Syncthing/bookworms")
    try await run(ann, ["club", "create", club, "--name", "Bookworms", "--as", "Ann"])
    let id = try await membership(of: ann)["id"] as? String ?? ""
    let trap = shared.path("Elsewhere/trap")
    try write(clubJSON(id: id, name: "Trap"), to: trap + "/club.json")
    try FileManager.default.createDirectory(
      atPath: trap + "/members", withIntermediateDirectories: true)

    let joined = try await run(ann, ["club", "join", trap, "--as", "Annie"], status: 1)
    #expect(joined.stderr.contains(trap) && joined.stderr.contains(club), "\(joined.stderr)")
    #expect(try await membership(of: ann)["path"] as? String == club)
    try await addMiddlemarch(ann)
    try await run(ann, ["club", "pick", "Middlemarch"])
    let memberID = try await membership(of: ann)["memberId"] as? String ?? ""
    _ = canary(trap + "/members/\(memberID).jsonl")
    let journal = try String(contentsOfFile: club + "/members/\(memberID).jsonl", encoding: .utf8)
    #expect(journal.contains("\"picked\""))
  }

  /// Issue item 4: `members` replaced by a symlink; only the last component of the
  /// journal's path was opened with `O_NOFOLLOW`.
  func membersSymlinkInASyncedClub() async throws {
    let folder = try await syncedClubReadingMiddlemarch()
    let outside = try emptyCanaryFolder(named: "outside")
    try FileManager.default.moveItem(atPath: folder + "/members", toPath: folder + "/old")
    try place(.symlink(outside), at: folder + "/members")

    let progress = try await run(ann, ["progress", "set", "Middlemarch", "440"])
    #expect(progress.stderr.contains("symbolic link"), "\(progress.stderr)")
  }

  /// A member's journal that is a symlink to a file outside the club is not read.
  func journalSymlinkIsNotRead() async throws {
    let folder = try await syncedClubReadingMiddlemarch()
    try await run(bo, ["progress", "set", "Middlemarch", "77%"])
    // Bo's journal, which Ann has not read since, moved outside the club and linked to:
    // what any file of Ann's could be.
    let boID = try await membership(of: bo)["memberId"] as? String ?? ""
    let journal = folder + "/members/\(boID).jsonl"
    let outside = shared.path("outside/diary.jsonl")
    try FileManager.default.createDirectory(
      atPath: shared.path("outside"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: journal, toPath: outside)
    try place(.symlink(outside), at: journal)

    let status = try await run(ann, ["club", "status"])
    #expect(!line(of: "Bo", in: status.stdout).contains("77%"), "\(status.stdout)")
    #expect(status.stderr.contains("symbolic link"), "\(status.stderr)")
  }

  /// Issue item 15: a club.json that is a FIFO is said to be one, without waiting on it.
  func clubJSONThatIsAFIFO() async throws {
    let folder = shared.path("fifo-club")
    try FileManager.default.createDirectory(
      atPath: folder + "/members", withIntermediateDirectories: true)
    #expect(mkfifo(folder + "/club.json", 0o600) == 0)
    let joined = try await run(ann, ["club", "join", folder, "--as", "Ann"], status: 1)
    #expect(joined.stderr.contains("club.json is a FIFO"), "\(joined.stderr)")
  }

  /// Issue item 15: a club.json that is a device (or, where none can be made, a symbolic
  /// link to one) is said to be so.
  func clubJSONThatIsADevice() async throws {
    let folder = shared.path("device-club")
    try FileManager.default.createDirectory(
      atPath: folder + "/members", withIntermediateDirectories: true)
    let description = folder + "/club.json"
    let isDevice = mknod(description, S_IFCHR | 0o600, (1 << 8) | 3) == 0  // like /dev/null
    if !isDevice {
      try FileManager.default.createSymbolicLink(
        atPath: description, withDestinationPath: "/dev/zero")
    }
    let joined = try await run(ann, ["club", "join", folder, "--as", "Ann"], status: 1)
    let kind =
      isDevice ? "club.json is a device" : "club.json cannot be read (it is a symbolic link"
    #expect(joined.stderr.contains(kind), "\(joined.stderr)")
  }

  /// Issue item 15: a club.json over 1 MiB is refused as too large, not as missing.
  func clubJSONOverOneMiB() async throws {
    let folder = shared.path("large-club")
    let padding = String(repeating: " ", count: 2 << 20)
    try write(clubJSON(id: UUID().uuidString.lowercased()) + padding, to: folder + "/club.json")
    let joined = try await run(ann, ["club", "join", folder, "--as", "Ann"], status: 1)
    #expect(joined.stderr.contains("bytes, more than 1 MiB"), "\(joined.stderr)")
  }
}

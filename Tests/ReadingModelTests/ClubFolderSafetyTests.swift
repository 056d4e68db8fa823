import Foundation
import Testing

@testable import ReadingModel

/// A club folder holds what strangers wrote: its ids are checked, its club.json read only
/// when it is a small regular file, and nothing below it is opened through a symlink.
@Suite struct ClubFolderSafetyTests {
  let folder = TemporaryFolder()

  func makeClub(id: String = ClubID.make()) throws -> String {
    let club = folder.path("club")
    try FileManager.default.createDirectory(
      atPath: club + "/members", withIntermediateDirectories: true)
    try Data(#"{"format":1,"id":"\#(id)","name":"Bookworms"}"#.utf8)
      .write(to: URL(fileURLWithPath: club + "/club.json"))
    return club
  }

  @Test func onlyLowercaseUUIDsAreIDs() {
    #expect(ClubID.isValid(ClubID.make()))
    #expect(ClubID.isValid("3f2a1b4c-0d5e-4f60-8a7b-9c0d1e2f3a4b"))
    for id in [
      "", "/../../../x", "..", "3F2A1B4C-0D5E-4F60-8A7B-9C0D1E2F3A4B",
      "3f2a1b4c-0d5e-4f60-8a7b-9c0d1e2f3a4", "3f2a1b4c-0d5e-4f60-8a7b-9c0d1e2f3a4g",
      "3f2a1b4c0d5e-4f60-8a7b-9c0d1e2f3a4b-", "3f2a1b4c-0d5e-4f60-8a7b-9c0d1e2f3a/b",
    ] {
      #expect(!ClubID.isValid(id), "\(id)")
    }
  }

  @Test func aFolderWhoseClubJSONNamesAnotherClubIsNeitherReadNorWritten() async throws {
    let joined = ClubID.make()
    let club = try makeClub(id: ClubID.make())  // another member swapped club.json
    let member = ClubID.make()
    let membership = ClubMembership(
      clubID: joined, name: "Bookworms", path: club, memberID: member, memberName: "Ann",
      sharesNotes: false)
    #expect(throws: ClubError.idChanged(path: club)) {
      try ClubExchange.folder(of: membership)
    }
    let exchange = ClubExchange(library: SQLiteLibrary(path: folder.path("library.sqlite")))
    await #expect(throws: ClubError.idChanged(path: club)) {
      try await exchange.refresh(membership)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: club + "/members").isEmpty)
  }

  @Test func aClubIDThatIsNotAUUIDIsRefused() throws {
    let club = try makeClub(id: "/../../../x")
    #expect(
      throws: ClubError.invalidID("/../../../x", source: "The club.json at \(club)/club.json")
    ) {
      try ClubFolder.open(club)
    }
  }

  @Test func aClubJSONThatIsAFIFOOrTooLargeIsSaidToBeSo() throws {
    let club = try makeClub()
    let description = club + "/club.json"
    try Data(repeating: 0x20, count: SmallFile.limit + 1).write(
      to: URL(fileURLWithPath: description))
    #expect(
      throws: ClubError.unreadableDescription(
        description, reason: "is \(SmallFile.limit + 1) bytes, more than 1 MiB")
    ) {
      try ClubFolder.open(club)
    }
    try FileManager.default.removeItem(atPath: description)
    #expect(mkfifo(description, 0o600) == 0)
    #expect(
      throws: ClubError.unreadableDescription(
        description, reason: "is a FIFO (named pipe), not a file")
    ) {
      try ClubFolder.open(club)  // returns at once: a FIFO is never waited on
    }
  }

  @Test func aMembersSymlinkIsNeitherWrittenThroughNorRead() throws {
    let club = try makeClub()
    let outside = folder.path("outside")
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try FileManager.default.removeItem(atPath: club + "/members")
    try FileManager.default.createSymbolicLink(
      atPath: club + "/members", withDestinationPath: outside)
    let member = ClubID.make()
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: outside + "/\(member).jsonl"))
    let opened = try ClubFolder.open(club)
    let event = ClubEvent(member: member, sequence: 1, time: 1_700_000_000_000, kind: .left)
    #expect(throws: FileError.self) { try opened.journal(of: member).append([event]) }
    #expect(throws: FileError.self) { try opened.journals() }
    let reading = try opened.journal(of: member).events().reading
    #expect(reading.problems.first?.contains("symbolic link") == true, "\(reading.problems)")
    #expect(try String(contentsOfFile: outside + "/\(member).jsonl", encoding: .utf8) == "{}\n")
  }

  @Test func journalsAreTheFilesNamedByMemberIDs() throws {
    let club = try makeClub()
    let member = ClubID.make()
    for name in ["\(member).jsonl", "notes.jsonl", "..jsonl", "\(member).txt"] {
      try Data().write(to: URL(fileURLWithPath: club + "/members/" + name))
    }
    #expect(try ClubFolder.open(club).journals().map(\.member) == [member])
    #expect(throws: ClubError.self) { try ClubFolder.open(club).journal(of: "../../x") }
  }

  @Test func aDirectoryHandleOpensNoComponentThroughASymlink() throws {
    let root = folder.path("root")
    try FileManager.default.createDirectory(
      atPath: root + "/real", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: root + "/link", withDestinationPath: root + "/real")
    let handle = try DirectoryHandle(path: root)
    #expect(throws: FileError.self) { try handle.folder("link") }
    #expect(throws: FileError.self) { try handle.folder("..") }
    #expect(throws: FileError.self) { try handle.openFile("real/x", flags: O_WRONLY | O_CREAT) }
    let made = try handle.folder("made", creating: true)
    let descriptor = try made.openFile("file", flags: O_WRONLY | O_CREAT)
    close(descriptor)
    #expect(made.entries() == ["file"])
    #expect(handle.entries().sorted() == ["link", "made", "real"])
  }

  @Test func clubsJoinedBeforeKeepGitOnlyWhenTheirFolderHasAGitFolderOfItsOwn() async throws {
    let clone = folder.path("clone")
    let linked = folder.path("linked")
    try FileManager.default.createDirectory(
      atPath: clone + "/.git", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: linked + "/.git", withDestinationPath: clone + "/.git")
    let path = folder.path("before.sqlite")
    let before = try #require(Schema.migrations.firstIndex { $0.sql == Schema.clubGit.sql })
    var sql = Schema.migrations.prefix(before).map(\.sql).joined(separator: ";\n")
    sql += ";\nINSERT INTO schema_migrations VALUES "
    sql += (1...before).map { "(\($0), 0)" }.joined(separator: ", ") + ";"
    sql += "PRAGMA application_id = \(Schema.applicationID);"
    for (id, club) in [("a", clone), ("b", linked), ("c", folder.path("plain"))] {
      sql += """
        INSERT INTO clubs (id, name, path, member_id, member_name, joined_ms)
        VALUES ('\(id)', '\(id)', '\(club)', 'm', 'm', 0);
        """
    }
    try SQLiteConnection(path: path, mode: .create).execute(sql)
    let clubs = try await SQLiteLibrary(path: path).clubs()
    #expect(clubs.map(\.syncsWithGit) == [true, false, false])
  }
}

import Foundation
import Testing

@testable import ReadingModel

/// A journal still as it was when a read reached its end is known by its stamp alone
/// (``FileStamp``): a club's refresh lists the folder and `stat`s each journal, and opens
/// only the ones that changed. The stamp must never hide a change.
@Suite struct ClubJournalStampTests {
  let folder = TemporaryFolder()
  let book = ClubBook(
    isbn13: "9780141439549", title: "Middlemarch", author: "George Eliot", pageCount: 880)

  func event(_ member: String, _ sequence: Int, _ kind: ClubEvent.Kind) -> ClubEvent {
    ClubEvent(
      member: member, sequence: sequence, time: Date().milliseconds - 60_000, kind: kind)
  }

  func progress(_ member: String, _ sequence: Int, _ fraction: Double) -> ClubEvent {
    event(member, sequence, .progress(book, fraction: fraction, page: nil))
  }

  /// Waits until files written before are older than ``FileStamp/settleTime``.
  func letSettle() async throws {
    try await Task.sleep(nanoseconds: UInt64(FileStamp.settleTime) + 100_000_000)
  }

  @Test func aJournalReadToItsEndOnceStillHasTheStampItsFolderListingSees() async throws {
    let club = try ClubFolder.create(at: folder.path("club"), name: "Bookworms")
    let ann = ClubID.make()
    let journal = try club.journal(of: ann)
    try journal.append([event(ann, 1, .joined(name: "Ann")), progress(ann, 2, 0.25)])
    // Just written, the file-time clock may not have ticked since: no stamp is kept.
    var info = stat()
    #expect(stat(journal.path, &info) == 0)
    let changed = FileStamp.times(of: info).changed
    #expect(FileStamp.settledStamp(of: info, now: changed + FileStamp.settleTime - 1) == 0)
    #expect(
      FileStamp.settledStamp(of: info, now: changed + FileStamp.settleTime)
        == FileStamp.stamp(of: info))
    try await letSettle()
    let reading = journal.read(after: .start) { _ in }
    #expect(reading.end.fileStamp != 0)
    let listed = try club.stampedJournals()
    #expect(listed.map(\.journal.member) == [ann])
    #expect(listed.first?.stamp == reading.end.fileStamp)
    // Nothing new since: the stamp is kept on a read that finds nothing.
    #expect(journal.read(after: reading.end) { _ in }.end.fileStamp == reading.end.fileStamp)
  }

  @Test func aJournalAppendedToOrRewrittenInPlaceIsReadDespiteItsStamp() async throws {
    let path = folder.path("club")
    let club = try ClubFolder.create(at: path, name: "Bookworms")
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let me = ClubID.make()
    let membership = ClubMembership(
      clubID: club.id, name: "Bookworms", path: path, memberID: me, memberName: "Me",
      sharesNotes: false)
    try await library.join(membership, at: Date().milliseconds)
    let (ann, bob) = (ClubID.make(), ClubID.make())
    try club.journal(of: ann).append([
      event(ann, 1, .joined(name: "Ann")), event(ann, 2, .picked(book)), progress(ann, 3, 0.25),
    ])
    try club.journal(of: bob).append([event(bob, 1, .joined(name: "Bob")), progress(bob, 2, 0.5)])
    try await letSettle()
    let exchange = ClubExchange(library: library)
    #expect(try await exchange.refresh(membership).isEmpty)
    let first = try await library.clubReadPoints(club.id)
    #expect(first[ann]?.fileStamp ?? 0 != 0)
    #expect(first[bob]?.fileStamp ?? 0 != 0)

    // Bob appends; Ann's journal is rewritten in place to the same length (a sync tool
    // restoring another copy), so only its change time tells.
    try club.journal(of: bob).append([progress(bob, 3, 0.75)])
    let annPath = path + "/members/\(ann).jsonl"
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: annPath)))
    let quarter = Array("0.25".utf8)
    let at = try #require(
      bytes.indices.first { Array(bytes[$0..<min($0 + 4, bytes.count)]) == quarter })
    bytes.replaceSubrange(at..<at + 4, with: Array("0.40".utf8))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: annPath))
    try handle.write(contentsOf: Data(bytes))
    try handle.close()

    // Ann's was opened and found rewritten; Bob's new line was read.
    let problems = try await exchange.refresh(membership)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("members/\(ann).jsonl") == true)
    #expect(problems.first?.contains("it was read again from its start") == true)
    let status = try await exchange.status(membership)
    #expect(status.members.first { $0.name == "Bob" }?.fraction == 0.75)
    // Neither keeps the stamp of the file before the change (none at all when read
    // within a second of it).
    let second = try await library.clubReadPoints(club.id)
    #expect(second[ann]?.fileStamp != first[ann]?.fileStamp)
    #expect(second[bob]?.fileStamp != first[bob]?.fileStamp)
  }
}

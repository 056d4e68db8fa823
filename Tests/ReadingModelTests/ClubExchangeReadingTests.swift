import Foundation
import Testing

@testable import ReadingModel

/// A club's journals are read several at once, over the cores, each group's folds written
/// while the next group is read: what the library ends with, and what is said, is what
/// reading one journal after another gives.
@Suite struct ClubExchangeReadingTests {
  let folder = TemporaryFolder()
  let book = ClubBook(
    isbn13: "9780141439549", title: "Middlemarch", author: "George Eliot", pageCount: 880)

  /// A new club's folder, and a library that has joined it.
  func joinedClub() async throws -> (ClubFolder, SQLiteLibrary, ClubMembership) {
    let path = folder.path("club")
    let club = try ClubFolder.create(at: path, name: "Bookworms")
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let membership = ClubMembership(
      clubID: club.id, name: "Bookworms", path: path, memberID: ClubID.make(),
      memberName: "Me", sharesNotes: false)
    try await library.join(membership, at: Date().milliseconds)
    return (club, library, membership)
  }

  @Test func manyJournalsAreReadAsOneAfterAnotherWouldReadThem() async throws {
    let (club, library, membership) = try await joinedClub()
    // More journals than are read at once, twice over; every seventh has a line that is no
    // event, and one has nothing new to say after its first read.
    let count = 2 * ClubExchange.journalsReadAtOnce + 5
    let time = Date().milliseconds - 60_000
    var fractions: [String: Double] = [:]
    for number in 0..<count {
      let member = ClubID.make()
      let fraction = Double(number + 1) / Double(count + 1)
      fractions["Reader \(number)"] = fraction
      let journal = try club.journal(of: member)
      try journal.append([
        ClubEvent(member: member, sequence: 1, time: time, kind: .joined(name: "Reader \(number)")),
        ClubEvent(member: member, sequence: 2, time: time + 1, kind: .picked(book)),
        ClubEvent(
          member: member, sequence: 3, time: time + 2,
          kind: .progress(book, fraction: fraction, page: nil)),
      ])
      if number % 7 == 3 {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: journal.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("not an event \(number)\n".utf8))
        try handle.close()
      }
    }
    // What reading one journal after another says, in the folder's order.
    var expected: [String] = []
    for (journal, _) in try club.stampedJournals() {
      var fold = ClubJournalFold()
      let reading = journal.read(after: .start) { fold.add($0) }
      expected += journal.naming(reading.problems, memberName: fold.memberName)
    }
    #expect(expected.count == (0..<count).filter { $0 % 7 == 3 }.count)

    let exchange = ClubExchange(library: library)
    #expect(try await exchange.refresh(membership) == expected)
    let status = try await exchange.status(membership)
    for member in status.members where member.name.hasPrefix("Reader") {
      #expect(member.fraction == fractions[member.name], "\(member.name)")
    }
    #expect(status.members.filter { $0.name.hasPrefix("Reader") }.count == count)
    let points = try await library.clubReadPoints(club.id)
    #expect(points.count == count)
    #expect(points.values.allSatisfy { $0.lastSequence == 3 && $0.lineNumber >= 3 })
  }

  /// A problem in lines read after a member's `joined` was read names them as the library
  /// knows them: the names are looked up only then, not on every refresh.
  @Test func aLaterProblemNamesTheMemberTheLibraryKnows() async throws {
    let (club, library, membership) = try await joinedClub()
    let member = ClubID.make()
    let journal = try club.journal(of: member)
    let time = Date().milliseconds - 60_000
    try journal.append([
      ClubEvent(member: member, sequence: 1, time: time, kind: .joined(name: "Bo"))
    ])
    let exchange = ClubExchange(library: library)
    #expect(try await exchange.refresh(membership) == [])
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: journal.path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("not an event\n".utf8))
    try handle.close()
    let problems = try await exchange.refresh(membership)
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix("Bo's journal (\(journal.label))") == true, "\(problems)")
  }
}

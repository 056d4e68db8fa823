import Foundation
import ReadingModel
import TestSupport
import Testing

/// Book clubs end to end: members are separate homes (each their own library and settings),
/// the transport a bare git repository on this disk or a plain shared folder.
@Suite(.requires(.git))
struct ClubCommandTests: ClubMemberSuite {
  let shared = TestHome()
  let ann = TestHome()
  let bo = TestHome()
  let cy = TestHome()

  func git(_ arguments: [String]) async throws {
    #expect(try await TestGit.run(arguments, in: shared.url) == 0, "git \(arguments)")
  }

  /// Members who sync only when told: these tests check what each sync carries.
  func syncingByHand(_ members: [TestHome]) async throws {
    for member in members { try await run(member, ["settings", "set", "clubAutoSync", "false"]) }
  }

  /// Ann's git club (``makeGitClub()``) with Bo in it, both with Middlemarch, Ann's pick.
  ///
  /// - Returns: The remote's path.
  func makeGitClubReadingMiddlemarch() async throws -> String {
    let remote = try await makeGitClub()
    try await run(bo, ["club", "join", remote, "--as", "Bo"])
    try await addMiddlemarch(ann)
    try await addMiddlemarch(bo)
    try await run(ann, ["club", "pick", "Middlemarch"])
    return remote
  }

  /// A bare repository as the club's remote, and Ann's club made in a clone of it.
  func makeGitClub() async throws -> String {
    let remote = shared.path("remote.git")
    try await git(["init", "--quiet", "--bare", remote])
    let clone = ann.path("club")
    try await git(["clone", "--quiet", remote, clone])
    try await run(ann, ["club", "create", clone, "--name", "Bookworms", "--as", "Ann"])
    try await run(ann, ["club", "sync"])
    return remote
  }

  func addMiddlemarch(_ member: TestHome, title: String = "Middlemarch") async throws {
    try await run(member, ["add", title, "--author", "George Eliot", "--pages", "880"])
  }

  @Test func threeMembersShareProgressAndNotesThroughGit() async throws {
    try await syncingByHand([ann, bo, cy])
    let remote = try await makeGitClub()
    try await run(bo, ["club", "join", remote, "--as", "Bo"])
    try await run(cy, ["club", "join", remote, "--as", "Cy"])
    try await addMiddlemarch(ann)
    // Bo has another edition: a subtitle, no ISBN in common.
    try await addMiddlemarch(bo, title: "Middlemarch: A Study of Provincial Life")
    try await addMiddlemarch(cy)
    try await run(ann, ["club", "pick", "Middlemarch"])
    try await run(ann, ["club", "sync"])

    try await run(ann, ["progress", "set", "Middlemarch", "528"])  // 60%
    try await run(ann, ["note", "add", "Middlemarch", "Dorothea's choice!", "--share"])
    try await run(ann, ["club", "sync"])
    for member in [bo, cy] { try await run(member, ["club", "sync"]) }
    try await run(bo, ["progress", "set", "Middlemarch", "30%"])
    try await run(cy, ["progress", "set", "Middlemarch", "88"])  // 10%
    // Bo and Cy push at the same moment: one is rejected, pulls and pushes again.
    let (boProcess, cyProcess) = (bo.bookclub, cy.bookclub)
    async let boSync = boProcess.run(["club", "sync"])
    async let cySync = cyProcess.run(["club", "sync"])
    let (first, second) = try await (boSync, cySync)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(second.status == 0, "\(second.stderr)")

    for member in [ann, bo, cy] {
      try await run(member, ["club", "sync"])
      let status = try await run(member, ["club", "status"]).stdout
      #expect(line(of: "Ann", in: status).contains("60%"), "\(status)")
      #expect(line(of: "Bo", in: status).contains("30%"), "\(status)")
      #expect(line(of: "Cy", in: status).contains("10%"), "\(status)")
    }

    // The spoiler shield: Bo at 30% does not see a note written at 60%.
    let hidden = try await run(bo, ["club", "notes"])
    #expect(!hidden.stdout.contains("Dorothea"))
    #expect(hidden.stderr.contains("1 note hidden until you pass 60%"))
    #expect(try await run(bo, ["club", "notes", "--spoilers"]).stdout.contains("Dorothea"))
    try await run(bo, ["progress", "set", "Middlemarch", "61%"])
    #expect(try await run(bo, ["club", "notes"]).stdout.contains("Dorothea's choice!"))

    // syncProgress off: Cy's progress stays with Cy.
    try await run(cy, ["settings", "set", "syncProgress", "false"])
    try await run(cy, ["progress", "set", "Middlemarch", "90%"])
    let cyStatus = try await run(cy, ["club", "sync"])
    #expect(!cyStatus.stderr.contains("Shared with"))
    try await run(ann, ["club", "sync"])
    let annStatus = try await run(ann, ["club", "status"]).stdout
    #expect(line(of: "Cy", in: annStatus).contains("10%"), "\(annStatus)")
    #expect(try await run(cy, ["club", "status"]).stderr.contains("Sharing is off for you"))
  }

  @Test func aPlainSharedFolderWorksTheSameAndDamagedLinesAreSkipped() async throws {
    let folder = shared.path("Syncthing/bookworms")
    try await run(ann, ["club", "create", folder, "--name", "Bookworms", "--as", "Ann"])
    try await run(bo, ["club", "join", folder, "--as", "Bo"])
    try await addMiddlemarch(ann)
    try await addMiddlemarch(bo)
    try await run(bo, ["club", "pick", "Middlemarch"])
    try await run(ann, ["progress", "set", "Middlemarch", "440"])
    try await run(bo, ["status", "Middlemarch", "finished"])
    try await run(bo, ["rate", "Middlemarch", "4.5"])
    // What a sync tool might leave: a conflict copy's duplicate, a newer kind, a cut line.
    let members = try FileManager.default.contentsOfDirectory(atPath: folder + "/members")
    let journal = folder + "/members/" + members.sorted()[0]
    var bytes = try Data(contentsOf: URL(fileURLWithPath: journal))
    let firstLine = bytes.prefix(through: bytes.firstIndex(of: 0x0A)!)
    bytes += firstLine
    bytes += Data(
      #"{"member":"x","seq":99,"time":"2026-01-01T00:00:00.000Z","kind":"cheered"}"#.utf8)
    bytes += Data("\n{\"member\":\"cut".utf8)
    try bytes.write(to: URL(fileURLWithPath: journal))

    let status = try await run(ann, ["club", "status"])
    #expect(line(of: "Ann", in: status.stdout).contains("50%"), "\(status.stdout)")
    #expect(line(of: "Bo", in: status.stdout).contains("finished"), "\(status.stdout)")
    #expect(line(of: "Bo", in: status.stdout).contains("★★★★½"), "\(status.stdout)")
    #expect(status.stderr.contains("cut short"))
  }

  @Test func anUnreachableRemoteKeepsTheEventsForALaterSync() async throws {
    let remote = try await makeGitClubReadingMiddlemarch()
    try await run(ann, ["club", "sync"])
    try await run(bo, ["club", "sync"])

    let away = shared.path("away.git")
    try FileManager.default.moveItem(atPath: remote, toPath: away)  // offline
    try await run(bo, ["progress", "set", "Middlemarch", "50%"])
    let offline = try await run(bo, ["club", "sync"], status: 1)
    #expect(offline.stderr.contains("cannot be reached"))
    #expect(offline.stderr.contains("next 'bookclub club sync' sends them"))

    try FileManager.default.moveItem(atPath: away, toPath: remote)  // back online
    try await run(bo, ["club", "sync"])
    try await run(ann, ["club", "sync"])
    let status = try await run(ann, ["club", "status"]).stdout
    #expect(line(of: "Bo", in: status).contains("50%"), "\(status)")
  }

  @Test func autoSyncPushesInTheBackgroundAndTellsAFailureOnce() async throws {
    let remote = try await makeGitClubReadingMiddlemarch()

    // Ann never runs `club sync`: her progress reaches the remote in the background.
    let progress = try await run(ann, ["progress", "set", "Middlemarch", "528"])
    #expect(progress.stderr.contains("Shared with Bookworms"))
    try await Wait.until(
      "Ann's progress to reach Bo without Ann syncing", interval: .milliseconds(200)
    ) {
      try await run(bo, ["club", "sync"])
      return line(of: "Ann", in: try await run(bo, ["club", "status"]).stdout).contains("60%")
    }

    // The remote is gone: the background sync fails, the next club command says so, once,
    // and the event is kept for a later sync.
    let away = shared.path("moved.git")
    try FileManager.default.moveItem(atPath: remote, toPath: away)
    try await run(ann, ["progress", "set", "Middlemarch", "616"])  // 70%
    let told = try await ann.waitUntil(
      ["club", "status"], saysOnStderr: "The background sync of “Bookworms” failed")
    #expect(told)
    let again = try await run(ann, ["club", "status"])
    #expect(!again.stderr.contains("background sync"), "told once: \(again.stderr)")
    try FileManager.default.moveItem(atPath: away, toPath: remote)
    try await run(ann, ["club", "sync"])
    try await run(bo, ["club", "sync"])
    #expect(line(of: "Ann", in: try await run(bo, ["club", "status"]).stdout).contains("70%"))

    // Off: nothing is started, so nothing reaches the remote until Ann syncs. A sync started
    // all the same would be found running, and waited for, before Bo looks.
    try await syncingByHand([ann])
    try await run(ann, ["progress", "set", "Middlemarch", "704"])  // 80%
    try await ann.waitForBackgroundSyncs()
    try await run(bo, ["club", "sync"])
    #expect(line(of: "Ann", in: try await run(bo, ["club", "status"]).stdout).contains("70%"))
  }

  @Test(.requires(.tmux))
  func theBrowsersProgressAndRatingAreSharedAsTheCommandsAre() async throws {
    let folder = shared.path("Syncthing/bookworms")
    try await run(ann, ["club", "create", folder, "--name", "Bookworms", "--as", "Ann"])
    try await run(bo, ["club", "join", folder, "--as", "Bo"])
    try await addMiddlemarch(ann)
    try await addMiddlemarch(bo)
    try await run(bo, ["club", "pick", "Middlemarch"])

    let tmux = try await TmuxSession(
      command: [BookclubProcess.executable.path, "browse"], width: 80, height: 24, home: ann)
    try await tmux.waitFor("Middlemarch")
    // Each notice says what was shared with it. The rating's comes after the progress's,
    // which shows for three seconds: both are looked for from before the keys are pressed.
    let progressSaid = tmux.watch(for: "(50%) Shared with Bookworms.")
    let ratingSaid = tmux.watch(for: "★★★★½ 4.5 Shared with Bookworms.")
    try await tmux.answer("p", "440")
    try await progressSaid.screen()
    try await tmux.answer("*", "4.5")
    try await ratingSaid.screen()
    try await tmux.press("q")
    try await tmux.waitFor("EXITED:0")

    let status = try await run(bo, ["club", "status", "--json"]).stdout
    let document = try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any]
    let members = document?["members"] as? [[String: Any]] ?? []
    let annStanding = members.first { $0["name"] as? String == "Ann" }
    #expect(annStanding?["fraction"] as? Double == 0.5, "\(status)")
    #expect(annStanding?["rating"] as? Double == 4.5, "\(status)")
    #expect(annStanding?["you"] as? Bool == false)
    #expect((document?["book"] as? [String: Any])?["title"] as? String == "Middlemarch")
  }

  @Test func joiningAgainWithAnotherNameRenamesYouAndListsAsJSON() async throws {
    let folder = shared.path("Syncthing/bookworms")
    try await run(ann, ["club", "create", folder, "--name", "Bookworms", "--as", "Ann"])
    try await run(bo, ["club", "join", folder, "--as", "Bo"])
    try await run(bo, ["club", "join", folder, "--as", "Bo Peep", "--share-notes"])
    let list = try await run(bo, ["club", "list", "--json"]).stdout
    let clubs = try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]]
    #expect(clubs?.count == 1)
    #expect(clubs?.first?["memberName"] as? String == "Bo Peep")
    #expect(clubs?.first?["sharesNotes"] as? Bool == true)
    let status = try await run(ann, ["club", "status"]).stdout
    #expect(status.contains("Bo Peep") && !line(of: "Bo ", in: status).hasPrefix("  Bo  "))
    let notes = try await run(ann, ["club", "notes", "--json"], status: 1)
    #expect(notes.stderr.contains("club pick"))
  }

  @Test func clubCommandsSayWhatToDoWithoutAClub() async throws {
    let none = try await run(ann, ["club", "status"], status: 1)
    #expect(none.stderr.contains("bookclub club create"))
    let notAClub = try await run(
      ann, ["club", "join", shared.path("nothing"), "--as", "Ann"], status: 1)
    #expect(notAClub.stderr.contains("not a club folder"))
  }
}

import Testing

@testable import ReadingModel

/// One person on two devices is one member of a club: each device writes a journal of its
/// own, the second's `joined` names the first as its person, and the club folds them.
@Suite struct ClubPersonTests {
  static let book = ClubBook(
    isbn13: "9780141439518", title: "Middlemarch", author: "George Eliot", pageCount: 880)
  static let laptop = "aaaaaaaa-0000-4000-8000-000000000001"
  static let desktop = "bbbbbbbb-0000-4000-8000-000000000002"
  static let bo = "cccccccc-0000-4000-8000-000000000003"
  static let hour: Int64 = 3_600_000
  static let start: Int64 = 1_760_000_000_000

  static func event(_ member: String, _ sequence: Int, at hours: Int64, _ kind: ClubEvent.Kind)
    -> ClubEvent
  {
    ClubEvent(member: member, sequence: sequence, time: start + hours * hour, kind: kind)
  }

  static let events = [
    event(laptop, 1, at: 0, .joined(name: "Ann")),
    event(bo, 1, at: 1, .joined(name: "Bo")),
    event(bo, 2, at: 2, .picked(book)),
    event(laptop, 2, at: 3, .progress(book, fraction: 0.2, page: 176)),
    event(desktop, 1, at: 4, .joined(name: "Ann at home", person: laptop)),
    event(desktop, 2, at: 5, .progress(book, fraction: 0.5, page: 440)),
    event(desktop, 3, at: 6, .note(book, text: "Dorothea!", fraction: 0.5)),
    event(laptop, 3, at: 7, .note(book, text: "Lydgate.", fraction: 0.55)),
  ]

  @Test func twoDevicesOfOnePersonAreOneMember() throws {
    let status = ClubStatus(events: Self.events.shuffled(), now: Self.start + 100 * Self.hour)
    #expect(status.members.map(\.name) == ["Ann", "Bo"])  // the person's own journal names
    let ann = try #require(status.member(Self.desktop))
    #expect(ann.id == Self.laptop)
    #expect(ann.journals == [Self.laptop, Self.desktop])
    #expect(ann.fraction == 0.5)  // the latest progress of either device
    #expect(ann.page == 440)
    #expect(ann.lastActivity == Self.start + 7 * Self.hour)
    #expect(status.notes.map(\.member) == ["Ann", "Ann"])
    #expect(status.notes.map(\.text) == ["Dorothea!", "Lydgate."])
  }

  @Test func aPersonHasLeftOnlyWhenEveryDeviceHas() {
    let now = Self.start + 100 * Self.hour
    let oneLeft = Self.events + [Self.event(Self.desktop, 4, at: 8, .left)]
    #expect(ClubStatus(events: oneLeft, now: now).member(Self.laptop)?.hasLeft == false)
    let bothLeft = oneLeft + [Self.event(Self.laptop, 4, at: 9, .left)]
    #expect(ClubStatus(events: bothLeft, now: now).member(Self.laptop)?.hasLeft == true)
  }

  @Test func aPersonIsAMemberIDOrNothing() throws {
    let line =
      #"{"kind":"joined","member":"\#(Self.desktop)","name":"Ann","#
      + #""person":"../../etc","seq":1,"time":"2026-01-01T00:00:00.000Z"}"#
    let event = try #require(ClubEvent(jsonLine: Array(line.utf8)))
    #expect(event.kind == .joined(name: "Ann", person: nil))
    let joined = Self.event(Self.desktop, 1, at: 0, .joined(name: "Ann", person: Self.laptop))
    #expect(ClubEvent(jsonLine: joined.jsonLine.dropLast()) == joined)
  }
}

import Foundation
import Testing

@testable import ReadingModel

/// The reader's zone from the system's zone files and POSIX rules, checked against
/// Foundation's own zones (ICU, which the tests link and bookclub does not).
@Suite struct TimeZoneRulesTests {
  /// Instants every few days from `from` to `to` (years), with the hours around them.
  func instants(from: Int, to: Int) -> [Date] {
    let start = CalendarDay(year: from, month: 1, day: 1)!.startInUTC.timeIntervalSince1970
    let end = CalendarDay(year: to, month: 1, day: 1)!.startInUTC.timeIntervalSince1970
    return stride(from: start, to: end, by: 3 * 86_400 + 3_600 + 17).map {
      Date(timeIntervalSince1970: $0)
    }
  }

  @Test(arguments: [
    "America/Los_Angeles", "America/New_York", "Europe/London", "Europe/Berlin",
    "Australia/Sydney", "Asia/Kolkata", "Asia/Tokyo", "UTC",
  ])
  func zoneFilesAgreeWithFoundation(name: String) throws {
    let rules = try #require(TimeZoneRules(named: name))
    let foundation = try #require(TimeZone(identifier: name))
    // Past 2037 the files' transitions end and their closing rule takes over.
    for date in instants(from: 1990, to: 2060) {
      #expect(rules.secondsFromGMT(for: date) == foundation.secondsFromGMT(for: date), "\(date)")
    }
  }

  @Test func posixRulesAgreeWithTheZonesTheyDescribe() throws {
    let cases = [
      ("EST5EDT,M3.2.0,M11.1.0", "America/New_York"),
      ("PST8PDT", "America/Los_Angeles"),  // no dates: the United States' rule
      ("AEST-10AEDT,M10.1.0,M4.1.0/3", "Australia/Sydney"),  // summer across the new year
      ("GMT0BST,M3.5.0/1,M10.5.0", "Europe/London"),
      ("IST-5:30", "Asia/Kolkata"),
    ]
    for (rule, name) in cases {
      let rules = try #require(TimeZoneRules(rule: rule), "\(rule)")
      let foundation = try #require(TimeZone(identifier: name))
      for date in instants(from: 2010, to: 2040) {
        #expect(
          rules.secondsFromGMT(for: date) == foundation.secondsFromGMT(for: date),
          "\(rule) at \(date)")
      }
    }
    #expect(TimeZoneRules(rule: "<+0330>-3:30")?.secondsFromGMT(for: Date()) == 12_600)
    #expect(TimeZoneRules(rule: "<-03>3")?.secondsFromGMT(for: Date()) == -10_800)
    for bad in ["", "E", "EST", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "5", "EST5x"] {
      #expect(TimeZoneRules(rule: bad) == nil, "\(bad)")
    }
  }

  @Test func theEnvironmentChoosesTheZoneAsTheCLibraryDoes() throws {
    let losAngeles = try #require(TimeZoneRules(named: "America/Los_Angeles"))
    let july = Date(timeIntervalSince1970: 1_719_800_000)  // 2024-07-01
    #expect(TimeZoneRules(environment: ["TZ": "America/Los_Angeles"]) == losAngeles)
    #expect(TimeZoneRules(environment: ["TZ": ":America/Los_Angeles"]) == losAngeles)
    #expect(
      TimeZoneRules(environment: ["TZ": "/usr/share/zoneinfo/America/Los_Angeles"]) == losAngeles)
    #expect(TimeZoneRules(environment: ["TZ": ""]) == .utc)
    #expect(TimeZoneRules(environment: ["TZ": "Nowhere/Atall"]) == .utc)
    #expect(TimeZoneRules(environment: ["TZ": "../../../etc/passwd"]) == .utc)
    #expect(
      TimeZoneRules(environment: ["TZ": "XYZ-7"]).secondsFromGMT(for: july) == 7 * 3600)
    // A folder, a FIFO or a file that is not a zone file is no zone, and nothing blocks.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0)
    try Data("TZif2 but not really".utf8).write(to: folder.appendingPathComponent("fake"))
    for name in ["fifo", "fake", "."] {
      #expect(TimeZoneRules(environment: ["TZ": name, "TZDIR": folder.path]) == .utc, "\(name)")
    }
    #expect(TimeZoneRules(environment: [:]) == TimeZoneRules(named: "/etc/localtime") ?? .utc)
  }

  @Test func truncatedZoneFilesAreRefused() throws {
    let data = try #require(
      FileManager.default.contents(atPath: "/usr/share/zoneinfo/America/Los_Angeles"))
    let bytes = [UInt8](data)
    for length in [0, 4, 43, 44, 100, bytes.count / 2] {
      #expect(TimeZoneRules(tzif: Array(bytes.prefix(length))) == nil, "\(length)")
    }
    #expect(TimeZoneRules(tzif: bytes) != nil)
  }

  @Test func aDaySkippedAtMidnightStartsWhenTheClockResumes() throws {
    // Santiago moved its clocks from 24:00 to 01:00 on 2024-09-08.
    let santiago = try #require(TimeZoneRules(named: "America/Santiago"))
    let day = try #require(CalendarDay(year: 2024, month: 9, day: 8))
    let start = day.start(in: santiago)
    #expect(LocalTime(start, in: santiago).description == "2024-09-08 01:00")
  }
}

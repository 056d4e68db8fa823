import Foundation
import ReadingModel
import TestSupport
import Testing

/// Other services' export files in (issue 30): each detected from the file, every row a
/// book, every reading kept, re-imported with nothing changed.
@Suite struct ServiceImportTests: LibraryCommandSuite {
  let home = TestHome()

  func write(_ text: String, as name: String) throws -> String {
    let path = home.path(name)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  func book(_ words: String) async throws -> [String: Any] {
    try #require(try await json(["show", words])["book"] as? [String: Any])
  }

  func details(_ words: String) async throws -> [String: Any] {
    try #require(try await json(["show", words])["details"] as? [String: Any])
  }

  @Test func aHardcoverExportComesInWholeAndAgainChangesNothing() async throws {
    let file = try write(ServiceFixtures.hardcoverCSV, as: "hardcover.csv")
    let first = try await json(["import", file])
    #expect(first["format"] as? String == "Hardcover", "\(first)")
    #expect(first["added"] as? Int == 4, "\(first)")
    let orchard = try await book("glass orchard")
    #expect(orchard["authors"] as? [String] == ["Mara Quill"], "\(orchard)")
    #expect(orchard["status"] as? String == "finished")
    #expect(orchard["pageCount"] as? Int == 412)
    let kept = try await details("glass orchard")
    #expect(kept["rating"] as? Double == 4.5)
    #expect(kept["contributors"] as? [String] == ["Tobias Fenn"], "\(kept)")
    #expect(kept["tags"] as? [String] == ["favourites", "Winter Reads"], "\(kept)")
    #expect(kept["ownedCopies"] as? Int == 1 && kept["editionYear"] as? Int == 2019)
    let readings = try #require(kept["readings"] as? [[String: String]])
    #expect(
      readings == [
        ["start": "2024-01-05", "end": "2024-02-10"], ["start": "2025-02-01", "end": "2025-02-20"],
      ], "both readings are kept")
    let shown = try await bookclub(["show", "glass orchard"]).stdout
    #expect(shown.contains("Orchard Cycle #1"), "\(shown)")
    let harbor = try await book("signal harbor")
    #expect(harbor["authors"] as? [String] == ["Ada Renn"], "\(harbor)")
    #expect(harbor["format"] as? String == "audiobook" && harbor["length"] as? Int == 36000)
    #expect(try await book("salt road")["status"] as? String == "abandoned")
    let ignored = try await bookclub(["show", "long way"]).stdout
    #expect(ignored.contains("Ignored"), "an unknown status is kept as a tag: \(ignored)")
    let again = try await json(["import", file])
    #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0, "\(again)")
  }

  @Test func aBookWyrmExportComesInWithItsReadingAndReview() async throws {
    let file = try write(ServiceFixtures.bookwyrmCSV, as: "bookwyrm-export.csv")
    let first = try await json(["import", file])
    #expect(first["format"] as? String == "BookWyrm", "\(first)")
    #expect(first["added"] as? Int == 3, "\(first)")
    let orchard = try await details("glass orchard")
    #expect(orchard["rating"] as? Double == 4.5, "\(orchard)")
    #expect(orchard["review"] as? String == "Strange and lovely\n\nLoved the ending.", "\(orchard)")
    #expect((orchard["identifiers"] as? [String])?.contains("openlibrary:OL0000001M") == true)
    #expect(
      orchard["readings"] as? [[String: String]] == [["start": "2024-01-05", "end": "2024-02-10"]])
    let harbor = try await json(["show", "signal harbor"])
    #expect((harbor["book"] as? [String: Any])?["status"] as? String == "abandoned")
    let stopped = try #require(harbor["details"] as? [String: Any])
    #expect(stopped["spoiler"] as? Bool == true, "a review behind a warning: \(stopped)")
    let salt = try await details("salt road")
    #expect(salt["tags"] as? [String] == ["Owned"], "a custom shelf by its name: \(salt)")
    let again = try await json(["import", file])
    #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0, "\(again)")
  }
}

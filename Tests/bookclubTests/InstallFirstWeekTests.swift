import Foundation
import Testing

/// Installing as a new reader did in their first week (issue 26): the hint for a missing
/// `bookclub-fetch` names what building it needs, and `.ci/run` runs README's own install
/// and test commands, so CI proves both.
struct InstallFirstWeekTests {
  let home = TestHome()

  static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func text(_ path: String) throws -> String {
    try String(contentsOf: Self.checkout.appendingPathComponent(path), encoding: .utf8)
  }

  /// The lines of the `sh` blocks in README's section under `heading`.
  func shLines(under heading: String) throws -> [String] {
    let lines = try text("README.md").split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: Substring(heading)) else { return [] }
    var found: [String] = []
    var inside = false
    for line in lines[(start + 1)...] {
      if !inside, line.hasPrefix("## ") { break }
      if line == "```sh" || (inside && line == "```") {
        inside.toggle()
      } else if inside {
        found.append(String(line))
      }
    }
    return found
  }

  @Test func aMissingFetchHelperSaysWhatBuildingItNeeds() async throws {
    // bookclub alone in a folder, as a reader who copied only it.
    let folder = home.path("bin")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let alone = URL(fileURLWithPath: folder + "/bookclub")
    try FileManager.default.copyItem(at: BookclubProcess.executable, to: alone)
    // A process another test forks while the copy is open for writing holds it open too,
    // and Linux will not run a file open for writing (ETXTBSY) until that child has exec'd.
    var attempt = 0
    var ran: BookclubProcess.Result?
    while ran == nil {
      do {
        ran = try await home.bookclub.run(executable: alone, ["lookup", "9780141439518"])
      } catch  where "\(error)".contains("Text file busy") && attempt < 20 {
        attempt += 1
        try await Task.sleep(for: .milliseconds(100))
      }
    }
    let result = try #require(ran)
    #expect(result.status == 1)
    #expect(result.stderr.contains("bookclub-fetch"), "\(result.stderr)")
    #expect(result.stderr.contains("apt-get install libcurl4-openssl-dev"), "\(result.stderr)")
  }

  @Test func ciRunsREADMEsTestCommandAndInstallsWhatItsInstallCommandsNeed() throws {
    let test = try shLines(under: "## Quick start").filter { $0.hasPrefix("swift test") }
    #expect(test == ["swift test --quiet --disable-xctest"])
    let run = try text(".ci/run").split(separator: "\n").map(String.init)
    #expect(run.last == test.first, "\(run.last ?? "")")
    let install = try shLines(under: "## Install")
    #expect(install.contains { $0.contains("--product bookclub-fetch") })
    #expect(try text("README.md").contains("apt-get install libcurl4-openssl-dev"))
    #expect(run.contains { $0.contains("apt-get install -y -qq libcurl4-openssl-dev") })
  }
}

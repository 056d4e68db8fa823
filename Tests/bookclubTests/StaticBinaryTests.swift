import Foundation
import Testing

/// bookclub is built on FoundationEssentials: the whole of Foundation, and ICU with it,
/// stays out of the process (issue 11). A Foundation import creeping back shows up here,
/// in the libraries a dynamic build names and in the symbols any build holds.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf")))
struct StaticBinaryTests {
  let home = TestHome()

  func readelf(_ option: String) async throws -> [Substring] {
    let result = try await BookclubProcess(home: home.url).run(
      executable: URL(fileURLWithPath: "/usr/bin/readelf"),
      [option, BookclubProcess.executable.path])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n")
  }

  @Test func foundationAndICUAreNotLinked() async throws {
    let needed = try await readelf("-d").filter { $0.contains("(NEEDED)") }
    for library in ["libFoundation.so", "libFoundationInternationalization", "_FoundationICU"] {
      #expect(!needed.contains { $0.contains(library) }, "\(library) is linked")
    }
    // `$s10Foundation` starts every mangled name from the Foundation module; `ucol_open`
    // is ICU's collator.
    let symbols = try await readelf("-sW")
    #expect(symbols.count > 1000)
    for name in ["$s10Foundation", "FoundationInternationalization", "ucol_open"] {
      #expect(!symbols.contains { $0.contains(name) }, "a symbol of \(name)")
    }
  }
}

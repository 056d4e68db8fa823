import Foundation
import Testing

/// `BOOKCLUB_FETCH` that names nothing runnable is said, with the path and what to do, by
/// the commands that would run the helper; no other helper is used in its place.
@Suite struct FetchHelperSettingTests {
  let library = FirstWeekLibrary()

  @Test func aHelperPathThatCannotRunIsSaid() async throws {
    let plain = library.home.path("not-executable")
    try "#!/bin/sh\n".write(toFile: plain, atomically: false, encoding: .utf8)
    let cases = [
      (library.home.path("missing"), "there is no such file"),
      (library.home.path(""), "it is not a file"),
      (plain, "it is not executable"),
    ]
    for (path, reason) in cases {
      let result = try await library.run(
        ["lookup", "9780141439518"], status: 1, environment: ["BOOKCLUB_FETCH": path])
      #expect(
        result.stderr
          == "Error: BOOKCLUB_FETCH names '\(path)' as bookclub-fetch, but \(reason). Point it "
          + "at bookclub-fetch, or unset it to use the one installed next to bookclub.\n",
        "\(result.stderr)")
    }
    // A command that does not use the network does not mind.
    let listed = try await library.run(
      ["list"], environment: ["BOOKCLUB_FETCH": library.home.path("missing")])
    #expect(!listed.stderr.contains("BOOKCLUB_FETCH"))
  }
}

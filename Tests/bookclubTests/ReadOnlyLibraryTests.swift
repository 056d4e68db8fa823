import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A sound library that cannot be written (a read-only folder, or a read-only file) is read
/// by every reading command, checked sound, and every write refuses clearly.
@Suite struct ReadOnlyLibraryTests {
  let home = TestHome()

  /// Where a library cannot be written.
  enum Place: String, CaseIterable, CustomStringConvertible {
    case readOnlyFolder = "read-only folder"
    case readOnlyFile = "read-only file"
    var description: String { rawValue }
  }

  /// Runs bookclub as someone who cannot write the library: as `nobody` when the tests run
  /// as root (to whom permissions mean nothing), else as the user.
  func runAsReader(_ arguments: [String], library: String) async throws -> BookclubProcess.Result {
    let arguments = arguments + ["--library", library]
    guard getuid() == 0 else { return try await home.bookclub.run(arguments) }
    return try await home.bookclub.run(
      executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
      ["--reuid=65534", "--regid=65534", "--clear-groups", BookclubProcess.executable.path]
        + arguments)
  }

  /// Makes a library of two books in `place`, made unwritable for `runAsReader`.
  func makeLibrary(in place: Place) async throws -> String {
    let folder = home.path("shelf")
    let library = folder + "/library.sqlite"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for title in ["Emma", "Persuasion"] {
      let added = try await home.bookclub.run([
        "add", title, "-a", "Jane Austen", "--library", library,
      ])
      #expect(added.status == 0)
    }
    let asRoot = getuid() == 0
    switch place {
    case .readOnlyFolder:
      if !asRoot {
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
      }
    case .readOnlyFile:
      if asRoot {
        // nobody may write the folder, not the file root owns.
        try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: folder)
      } else {
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: library)
      }
    }
    return library
  }

  @Test(arguments: Place.allCases)
  func aReadOnlyLibraryIsReadAndNeverCalledDamaged(_ place: Place) async throws {
    let library = try await makeLibrary(in: place)
    defer {
      // So the test's folder can be removed.
      chmod((library as NSString).deletingLastPathComponent, 0o755)
      chmod(library, 0o644)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: library))

    let listed = try await runAsReader(["list", "--json"], library: library)
    #expect(listed.status == 0, "\(place): \(listed.stderr)")
    #expect(listed.stdout.contains("Persuasion"), "\(place)")
    let shown = try await runAsReader(["show", "1"], library: library)
    #expect(shown.status == 0, "\(place): \(shown.stderr)")
    let exported = try await runAsReader(["export"], library: library)
    #expect(exported.status == 0, "\(place): \(exported.stderr)")
    #expect(exported.stdout.contains("Emma"))

    let check = try await runAsReader(["check"], library: library)
    #expect(check.status == 0, "\(place): \(check.stdout)\(check.stderr)")
    #expect(check.stdout.contains("is sound: 2 books"), "\(place): \(check.stdout)")
    #expect(check.stdout.contains("It is read-only"), "\(place): \(check.stdout)")
    #expect(!check.stdout.contains("damaged"))
    let json = try await runAsReader(["check", "--json"], library: library)
    #expect(json.stdout.contains("\"readOnly\":true") && json.stdout.contains("\"sound\":true"))

    for write in [
      ["add", "Sanditon", "-a", "Jane Austen"], ["progress", "set", "1", "10%"], ["repair"],
    ] {
      let refused = try await runAsReader(write, library: library)
      #expect(refused.status == 1, "\(place) \(write): \(refused.stdout)")
      #expect(
        refused.stderr.hasPrefix("Error: The library is read-only: '\(library)'; "),
        "\(place) \(write): \(refused.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: library)) == before)
  }
}

import FoldingTables
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The generator says which Unicode data file it could not read and why, and exits 1
/// without writing the tables.
@Suite struct UnicodeDataReadingTests {
  private static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A copy of the pinned data files, removed when the test ends.
  final class DataFolder {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("bookclub-unicode-\(UUID().uuidString)").path

    init() throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      for name in UnicodeDataFiles.fileNames {
        try FileManager.default.copyItem(
          atPath: packageFolder.appendingPathComponent("unicode/" + name).path,
          toPath: path + "/" + name)
      }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Takes `name` away, to put something else there.
    func remove(_ name: String) throws -> String {
      try FileManager.default.removeItem(atPath: path + "/" + name)
      return path + "/" + name
    }
  }

  @Test func thePinnedFilesRead() throws {
    let data = try DataFolder()
    let files = try UnicodeDataFiles(folder: data.path)
    #expect(try files.unicodeVersion() == "15.0.0")
  }

  @Test func aMissingFileIsNamedWithTheSystemsReason() throws {
    let data = try DataFolder()
    let file = try data.remove("PropList-White_Space.txt")
    #expect(throws: FoldingTableError.unreadable(file: file, reason: "No such file or directory")) {
      try UnicodeDataFiles(folder: data.path)
    }
  }

  @Test func aFolderAFIFOAndNonUTF8TextAreRefusedSayingWhat() throws {
    let data = try DataFolder()
    let folder = try data.remove("CaseFolding.txt")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    #expect(throws: FoldingTableError.unreadable(file: folder, reason: "it is a folder")) {
      try UnicodeDataFiles(folder: data.path)
    }
    try FileManager.default.removeItem(atPath: folder)
    try #require(mkfifo(folder, 0o600) == 0)
    #expect(throws: FoldingTableError.unreadable(file: folder, reason: "it is not a regular file"))
    {
      try UnicodeDataFiles(folder: data.path)
    }
    let latin1 = try data.remove("UnicodeData-Decompositions.txt")
    try Data([0x23, 0x20, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: latin1))
    try FileManager.default.removeItem(atPath: folder)
    try FileManager.default.copyItem(
      atPath: Self.packageFolder.appendingPathComponent("unicode/CaseFolding.txt").path,
      toPath: folder)
    #expect(throws: FoldingTableError.unreadable(file: latin1, reason: "it is not UTF-8 text")) {
      try UnicodeDataFiles(folder: data.path)
    }
  }

  /// The generator built beside this test bundle.
  static let generator = Bundle.main.bundleURL.appendingPathComponent("bookclub-folding-tables")

  @Test func theGeneratorSaysWhichFileAndWhyAndExits1() throws {
    let data = try DataFolder()
    let file = try data.remove("GraphemeBreakProperty-Extend.txt")
    let output = data.path + "/tables.swift"
    try #require(FileManager.default.isExecutableFile(atPath: Self.generator.path))
    let process = Process()
    process.executableURL = Self.generator
    process.arguments = [output, data.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(
      said
        == "Error: cannot read '\(file)': No such file or directory (the Unicode data files are "
        + "in the package's unicode/ folder)\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}

import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds and reads `sample-data/library.json`, the demo's library.
enum SampleLibrary {
  static let relativePath = "sample-data/library.json"

  /// Reads the sample library: from `BOOKCLUB_SAMPLE_DATA` when set, else from the checkout
  /// this binary was built from.
  ///
  /// - Throws: ``DemoError`` when the file cannot be found or read.
  static func load(environment: [String: String]) throws -> LibraryArchive {
    guard let path = locate(environment: environment) else { throw DemoError.sampleMissing }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw DemoError.sampleUnreadable(path: path, detail: error.explanation)
    }
    do {
      return try LibraryArchive.decode(data)
    } catch {
      throw DemoError.sampleUnreadable(path: path, detail: error.explanation)
    }
  }

  private static func locate(environment: [String: String]) -> String? {
    if let path = environment["BOOKCLUB_SAMPLE_DATA"], !path.isEmpty { return path }
    // The checkout this file was compiled from, then the folders above the executable
    // (`.build/<triple>/debug/bookclub` lives inside the checkout).
    let source = URL(fileURLWithPath: #filePath)
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let starts = [source, executable]
    for start in starts {
      var folder = start.deletingLastPathComponent()
      while folder.path != "/" {
        let candidate = folder.appendingPathComponent(relativePath).path
        if FileManager.default.fileExists(atPath: candidate) { return candidate }
        folder = folder.deletingLastPathComponent()
      }
    }
    return nil
  }
}

/// Why the demo cannot run.
enum DemoError: Error, LocalizedError {
  /// The sample library file is not where bookclub looks.
  case sampleMissing
  /// The sample library file exists but cannot be read.
  case sampleUnreadable(path: String, detail: String)

  var errorDescription: String? {
    switch self {
    case .sampleMissing:
      "Cannot find \(SampleLibrary.relativePath). Run the demo from a bookclub checkout, or set BOOKCLUB_SAMPLE_DATA to the file's path."
    case .sampleUnreadable(let path, let detail):
      "Cannot read the sample library '\(path)': \(detail)"
    }
  }
}

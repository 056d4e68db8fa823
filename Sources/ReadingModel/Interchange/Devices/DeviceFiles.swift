#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds an e-reader's files in a mounted device's folder, or takes the one file given, and
/// reads them. Files are only read: a device's database is opened read-only, a sidecar is
/// parsed as data.
public enum DeviceFiles {
  /// A file of a device, by what it is.
  public enum Found: Sendable, Equatable {
    case kindleClippings(String)
    case koreaderStatistics(String)
    case koreaderSidecar(String)
    case koboDatabase(String)
  }

  /// The most a device's file may hold: years of clippings are a few megabytes.
  public static let largestFile = 256 * 1024 * 1024

  /// Where KOReader keeps its statistics, by the device it runs on (a Kobo, a Kindle, its
  /// own folder given).
  static let statisticsPlaces = [
    ".adds/koreader/settings/statistics.sqlite3", "koreader/settings/statistics.sqlite3",
    "settings/statistics.sqlite3", "statistics.sqlite3",
  ]

  /// The device's files at `path`: a device's folder (its files found by where each device
  /// keeps them), a KOReader `.sdr` folder, or one file (known by its name, else by what it
  /// holds).
  ///
  /// - Throws: ``DeviceFileError``.
  public static func find(at path: String) throws(DeviceFileError) -> [Found] {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw .unreadable(InputFileError(path: path, errno: errno))
    }
    if info.st_mode & S_IFMT == S_IFDIR { return try findInFolder(path) }
    let name = PathName.lastComponent(of: path).lowercased()
    if name.hasSuffix("clippings.txt") { return [.kindleClippings(path)] }
    if name == "koboreader.sqlite" { return [.koboDatabase(path)] }
    if name.hasPrefix("statistics.sqlite") { return [.koreaderStatistics(path)] }
    if name.hasSuffix(".lua") || name.hasSuffix(".lua.old") { return [.koreaderSidecar(path)] }
    let head = try start(of: path)
    if head.starts(with: Array("SQLite format 3\0".utf8)) {
      return [try kindOfDatabase(path)]
    }
    let text = String(decoding: head, as: UTF8.self)
    if text.hasPrefix("-- ") || text.hasPrefix("return {") { return [.koreaderSidecar(path)] }
    if text.contains("==========") || head.starts(with: [0xFF, 0xFE])
      || head.starts(with: [0xFE, 0xFF])
    {
      return [.kindleClippings(path)]
    }
    throw .unknownFile(path)
  }

  /// A database of unknown name: KOReader's statistics or a Kobo's, by its tables.
  private static func kindOfDatabase(_ path: String) throws(DeviceFileError) -> Found {
    do {
      let tables = try DeviceDatabase.read(path) { connection in
        Set(
          try connection.all("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text(0) })
      }
      if tables.contains("page_stat_data") || tables.contains("page_stat") {
        return .koreaderStatistics(path)
      }
      if tables.contains("content") && tables.contains("Bookmark") { return .koboDatabase(path) }
    } catch let error as DeviceFileError {
      throw error
    } catch {
      throw .damaged(path, reason: "\(error)")
    }
    throw .unknownFile(path)
  }

  /// The files of a mounted device, or of a `.sdr` folder.
  private static func findInFolder(_ path: String) throws(DeviceFileError) -> [Found] {
    var found: [Found] = []
    if let clippings = ["documents/My Clippings.txt", "My Clippings.txt"].first(where: {
      isRegularFile(path + "/" + $0)
    }) {
      found.append(.kindleClippings(path + "/" + clippings))
    }
    if isRegularFile(path + "/.kobo/KoboReader.sqlite") {
      found.append(.koboDatabase(path + "/.kobo/KoboReader.sqlite"))
    }
    if let statistics = statisticsPlaces.first(where: { isRegularFile(path + "/" + $0) }) {
      found.append(.koreaderStatistics(path + "/" + statistics))
    }
    found += SidecarSearch.sidecars(in: path).map(Found.koreaderSidecar)
    guard !found.isEmpty else { throw .notADevice(path) }
    return found
  }

  /// Reads what was found: a device at a time (KOReader's statistics and sidecars are one).
  ///
  /// - Parameters:
  ///   - zone: The zone the device's clock was in, for files that keep local times.
  ///   - now: The time of the ingest.
  /// - Throws: ``DeviceFileError``.
  public static func read(_ found: [Found], zone: TimeZoneRules, now: Date) throws(DeviceFileError)
    -> [DeviceReading]
  {
    var readings: [DeviceReading] = []
    var statistics: String?
    var sidecars: [String] = []
    for file in found {
      switch file {
      case .kindleClippings(let path):
        let clippings = KindleClippings(bytes: try bytes(of: path))
        readings.append(
          clippings.deviceReading(file: PathName.lastComponent(of: path), in: zone, now: now))
      case .koboDatabase(let path):
        readings.append(try KoboDatabase.read(path, now: now))
      case .koreaderStatistics(let path): statistics = path
      case .koreaderSidecar(let path): sidecars.append(path)
      }
    }
    if statistics != nil || !sidecars.isEmpty {
      readings.append(
        try KOReaderReading.read(statistics: statistics, sidecars: sidecars, zone: zone, now: now))
    }
    return readings
  }

  /// The whole file, refused past ``largestFile``.
  static func bytes(of path: String) throws(DeviceFileError) -> [UInt8] {
    do {
      let file = try InputFile(path: path)
      guard file.size <= largestFile else { throw DeviceFileError.tooLarge(path, bytes: file.size) }
      return try file.read(upTo: largestFile + 1)
    } catch let error as DeviceFileError {
      throw error
    } catch let error as InputFileError {
      throw .unreadable(error)
    } catch {
      throw .unreadable(.unreadable(path, reason: "\(error)"))
    }
  }

  /// The first bytes of a file, to tell what it is.
  private static func start(of path: String) throws(DeviceFileError) -> [UInt8] {
    do {
      return try InputFile(path: path).read(upTo: 4096)
    } catch {
      throw .unreadable(error)
    }
  }

  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }
}

/// Why a device's files could not be read.
public enum DeviceFileError: Error, Equatable, Sendable {
  /// A folder with none of the files any device keeps.
  case notADevice(String)
  /// A file that is none of the files bookclub reads.
  case unknownFile(String)
  /// A file larger than ``DeviceFiles/largestFile``.
  case tooLarge(String, bytes: Int)
  /// A file that cannot be opened or read.
  case unreadable(InputFileError)
  /// A database or sidecar that is not what its name says, or is damaged, and why.
  case damaged(String, reason: String)
}

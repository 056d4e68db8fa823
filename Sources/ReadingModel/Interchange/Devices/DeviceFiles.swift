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
  }

  /// The most a device's file may hold: years of clippings are a few megabytes.
  public static let largestFile = 256 * 1024 * 1024

  /// The device's files at `path`: a device's folder (its files found by where each device
  /// keeps them), or one file (known by its name, else by its contents).
  ///
  /// - Throws: ``DeviceFileError``.
  public static func find(at path: String) throws(DeviceFileError) -> [Found] {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw .unreadable(InputFileError(path: path, errno: errno))
    }
    if info.st_mode & S_IFMT == S_IFDIR { return try findInFolder(path) }
    let name = PathName.lastComponent(of: path)
    if name.lowercased().hasSuffix("clippings.txt") { return [.kindleClippings(path)] }
    let head = try start(of: path)
    if String(decoding: head, as: UTF8.self).contains("==========")
      || head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF])
    {
      return [.kindleClippings(path)]
    }
    throw .unknownFile(path)
  }

  /// The files of a mounted device.
  private static func findInFolder(_ path: String) throws(DeviceFileError) -> [Found] {
    var found: [Found] = []
    for clippings in ["documents/My Clippings.txt", "My Clippings.txt"] {
      let file = path + "/" + clippings
      if isRegularFile(file) {
        found.append(.kindleClippings(file))
        break
      }
    }
    guard !found.isEmpty else { throw .notADevice(path) }
    return found
  }

  /// Reads what was found.
  ///
  /// - Parameters:
  ///   - zone: The zone the device's clock was in, for files that keep local times.
  ///   - now: The time of the ingest.
  /// - Throws: ``DeviceFileError``.
  public static func read(_ found: [Found], zone: TimeZoneRules, now: Date) throws(DeviceFileError)
    -> [DeviceReading]
  {
    var readings: [DeviceReading] = []
    for file in found {
      switch file {
      case .kindleClippings(let path):
        let clippings = KindleClippings(bytes: try bytes(of: path))
        readings.append(
          clippings.deviceReading(file: PathName.lastComponent(of: path), in: zone, now: now))
      }
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

  private static func isRegularFile(_ path: String) -> Bool {
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
}

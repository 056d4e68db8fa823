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

/// A sync folder (README, "Sync between your devices"): `library.json` names the library
/// it holds, and `devices/<id>.jsonl` is one append-only journal per device, so git or a
/// folder-sync tool never sees two writers of one file. Like a club folder, everything in
/// it may have been put there by a sync tool's accident or a stranger: `library.json` is read
/// only as a small regular file, journals only below the folder with no symbolic link
/// followed, and a device's id is used only when it is one (``SyncDeviceID``).
public struct SyncFolder: Sendable, Equatable {
  /// The folder format this build writes; a newer one is refused rather than misread.
  public static let formatVersion = 1

  public let path: String
  /// The id of the library the folder holds: every device's library takes it.
  public let library: String

  /// Makes `path` the sync folder of `library`: an empty or new folder, or one that already
  /// holds it.
  ///
  /// - Throws: ``SyncError/otherLibrary(_:)`` when the folder holds another library's
  ///   devices, ``SyncError/notEmpty(_:)`` when it holds other files; ``FileError``.
  public static func create(at path: String, library: String) throws -> SyncFolder {
    try AtomicFile.createFolder(path)
    let handle = try DirectoryHandle(path: path)
    if handle.contains("library.json") {
      let existing = try open(path)
      guard existing.library == library else { throw SyncError.otherLibrary(path) }
      return existing
    }
    let others = handle.entries().filter { ![".git", ".stfolder", ".stignore"].contains($0) }
    guard others.isEmpty else { throw SyncError.notEmpty(path) }
    _ = try handle.folder("devices", creating: true)
    var json = JSONWriter()
    JSONValue.object([
      "format": .string("bookclub-sync"), "version": .integer(Int64(formatVersion)),
      "library": .string(library),
    ]).write(to: &json)
    try AtomicFile.write(Data(json.bytes + [0x0A]), to: path + "/library.json")
    return SyncFolder(path: path, library: library)
  }

  /// Opens the sync folder at `path`.
  ///
  /// - Throws: ``SyncError`` when there is none, one of a newer format, or a
  ///   `library.json` that is not a small regular file naming a library.
  public static func open(_ path: String) throws -> SyncFolder {
    guard let handle = try? DirectoryHandle(path: path), handle.contains("library.json") else {
      throw SyncError.notASyncFolder(path)
    }
    let file: InputFile
    do {
      file = try handle.inputFile("library.json")
    } catch {
      throw SyncError.damaged(path + "/library.json")
    }
    guard file.size <= SmallFile.limit, let bytes = try? file.read(upTo: SmallFile.limit)
    else { throw SyncError.damaged(path + "/library.json") }
    var parser = JSONParser(bytes: bytes)
    guard case .object(let members)? = try? parser.value(),
      members["format"]?.string == "bookclub-sync", let version = members["version"]?.integer,
      let library = members["library"]?.string, isLibraryID(library)
    else { throw SyncError.damaged(path + "/library.json") }
    guard version <= Int64(formatVersion) else {
      throw SyncError.newerFormat(path, version: Int(version))
    }
    return SyncFolder(path: path, library: library)
  }

  private init(path: String, library: String) {
    self.path = path
    self.library = library
  }

  /// A library's id as bookclub makes them: a lowercase UUID.
  static func isLibraryID(_ text: String) -> Bool { SyncBookChange.isBookID(text) }

  /// The journal of one device, as a path relative to the folder (what git commits).
  public func journalName(of device: SyncDeviceID) -> String { "devices/\(device).jsonl" }

  /// Appends lines to a device's journal.
  ///
  /// - Throws: ``FileError`` when the journal cannot be written.
  public func append(_ lines: [SyncLine], to device: SyncDeviceID) throws {
    guard !lines.isEmpty else { return }
    try JournalFile(path: path + "/" + journalName(of: device)).append(lines.flatMap(\.jsonLine))
  }

  /// Writes the folder's snapshot (`sync compact`), replacing the last one whole.
  ///
  /// - Throws: ``FileError``.
  ///   ``SyncError/notAFile(_:)`` when `snapshot.json` is a symbolic link, a folder or
  ///   anything but a file: the folder may hold what another clone committed, and a link
  ///   would be written through.
  public func write(_ snapshot: SyncSnapshot) throws {
    let file = path + "/" + SyncSnapshot.fileName
    var info = stat()
    if lstat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      throw SyncError.notAFile(file)
    }
    try AtomicFile.write(snapshot.data(library: library), to: file)
  }

  /// The folder's snapshot, when it has one this build reads (a damaged or newer one is
  /// not read: the journals hold everything).
  public func snapshot() -> SyncSnapshot? {
    guard let handle = try? DirectoryHandle(path: path),
      let file = try? handle.inputFile(SyncSnapshot.fileName), file.size <= 1 << 30,
      let bytes = try? file.read(upTo: 1 << 30)
    else { return nil }
    return SyncSnapshot(bytes: bytes, library: library)
  }

  /// Every device with a journal here: the files `<id>.jsonl` under `devices/`.
  public func devices() -> [SyncDeviceID] {
    guard let handle = try? DirectoryHandle(path: path), handle.contains("devices"),
      let devices = try? handle.folder("devices")
    else { return [] }
    return devices.entries().filter { $0.hasSuffix(".jsonl") }
      .compactMap { SyncDeviceID(String($0.dropLast(6))) }.sorted { $0.text < $1.text }
  }

  /// Reads a device's journal after `point`.
  ///
  /// - Parameters:
  ///   - device: Whose journal.
  ///   - point: Where the last read ended.
  ///   - each: Called with each valid line of that device, in order.
  /// - Returns: Where the next read starts, and the lines skipped, for warnings.
  public func read(
    _ device: SyncDeviceID, after point: ClubJournal.ReadPoint, each: (SyncLine) -> Void
  ) -> ClubJournal.Reading {
    let label = journalName(of: device)
    // Lines are decoded a batch at a time, over the cores: a new device's first sync reads
    // every line every device ever wrote.
    var kept: [[UInt8]] = []
    return JournalFile(path: path + "/" + label).read(
      after: point, label: label, lineLimit: ClubJournal.lineLimit,
      problemLimit: ClubJournal.problemLimit, readLimit: ClubJournal.readLimit,
      explain: { ClubJournal.explanation(of: $0, label: label) },
      each: { bytes in
        kept.append(bytes)
        return .batched
      },
      decodeBatch: {
        let lines = kept
        kept.removeAll(keepingCapacity: true)
        return SyncLine.decode(lines, of: device).map { decoded in
          switch decoded {
          case .success(let line):
            each(line)
            return .read(sequence: line.sequence)
          case .failure(let error): return .skipped(error.reason)
          }
        }
      })
  }
}

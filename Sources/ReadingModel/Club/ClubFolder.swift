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

/// A club on disk (DESIGN.md section 10): `club.json` and one journal per member under
/// `members/`. Each member writes only their own journal, so git and file-sync tools never
/// see two writers of one file.
///
/// Everything in the folder was written by someone else: `club.json` is read only when it
/// is a small regular file, ids are used only when they are UUIDs (``ClubID``), and what is
/// below the folder is opened with no symbolic link followed (``DirectoryHandle``).
public struct ClubFolder: Sendable, Equatable {
  /// The folder format this build writes; a newer one is refused rather than misread.
  public static let formatVersion = 1

  public let path: String
  public let id: String
  public let name: String

  /// Makes a new club folder.
  ///
  /// - Throws: ``ClubError/alreadyAClub(_:)`` when `path` holds one; ``FileError`` when it
  ///   cannot be written.
  public static func create(at path: String, name: String) throws -> ClubFolder {
    let folder = ClubFolder(path: path, id: ClubID.make(), name: name)
    try AtomicFile.createFolder(path)
    let handle = try DirectoryHandle(path: path)
    if handle.contains("club.json") { throw ClubError.alreadyAClub(path) }
    _ = try handle.folder("members", creating: true)
    var json = JSONWriter()
    json.object { object in
      object.member("format") { $0.integer(formatVersion) }
      object.member("id") { $0.string(folder.id) }
      object.member("name") { $0.string(name) }
    }
    try AtomicFile.write(Data(json.bytes + [0x0A]), to: folder.descriptionPath)
    return folder
  }

  /// Opens the club folder at `path`.
  ///
  /// - Throws: ``ClubError`` when there is no club there, one of a newer format, a
  ///   `club.json` that is not a small regular file, or an id that is not a UUID.
  public static func open(_ path: String) throws -> ClubFolder {
    guard let handle = try? DirectoryHandle(path: path) else { throw ClubError.notAClub(path) }
    let data = try description(in: handle)
    struct Description: Decodable {
      var format: Int
      var id: String
      var name: String
    }
    let descriptionPath = path + "/club.json"
    guard let description = try? JSONDecoder().decode(Description.self, from: data) else {
      throw ClubError.damaged(descriptionPath)
    }
    guard description.format <= formatVersion else {
      throw ClubError.newerFormat(path, format: description.format)
    }
    let id = try ClubID.checked(description.id, from: "The club.json at \(descriptionPath)")
    return ClubFolder(path: path, id: id, name: description.name)
  }

  /// The bytes of `club.json`: a regular file (no FIFO to hang on, no device, no symbolic
  /// link) of at most ``SmallFile/limit`` bytes.
  private static func description(in folder: DirectoryHandle) throws -> Data {
    let path = folder.path + "/club.json"
    let file: InputFile
    do {
      file = try folder.inputFile("club.json")
    } catch .notFound {
      throw ClubError.notAClub(folder.path)
    } catch .empty {
      throw ClubError.damaged(path)
    } catch .notAFile(_, let kind) {
      throw ClubError.unreadableDescription(path, reason: "is \(kind), not a file")
    } catch .unreadable(_, let reason) {
      throw ClubError.unreadableDescription(path, reason: "cannot be read (\(reason))")
    } catch {
      throw ClubError.notAClub(folder.path)
    }
    guard file.size <= SmallFile.limit else {
      throw ClubError.unreadableDescription(
        path, reason: "is \(file.size) bytes, more than 1 MiB")
    }
    return Data(try file.read(upTo: SmallFile.limit))
  }

  /// Whether `<path>/.git` is a folder: the club folder is the top of a git clone of its
  /// own (not a symbolic link, not a `gitdir:` file, not a work tree further up).
  public static func hasOwnGitFolder(_ path: String) -> Bool {
    var info = stat()
    return lstat(path + "/.git", &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  private init(path: String, id: String, name: String) {
    self.path = path
    self.id = id
    self.name = name
  }

  var descriptionPath: String { path + "/club.json" }
  var membersPath: String { path + "/members" }

  /// The journal of one member.
  ///
  /// - Throws: ``ClubError/invalidID(_:source:)`` when `member` is not a UUID.
  public func journal(of member: String) throws -> ClubJournal {
    let id = try ClubID.checked(member, from: "Your membership of “\(name)”")
    return ClubJournal(path: membersPath + "/\(id).jsonl", member: id)
  }

  /// Every member's journal: the files `<uuid>.jsonl` under `members/` (anything else
  /// there is no member's).
  ///
  /// - Throws: ``FileError`` when `members` is a symbolic link or not a folder.
  public func journals() throws -> [ClubJournal] {
    guard let members = try membersFolder() else { return [] }
    return Self.memberIDs(in: members).map(journal(ofValid:))
  }

  /// Every member's journal (``journals()``), with its ``FileStamp`` as the folder is
  /// listed (0 for one that is no regular file): one `stat` each, no file opened.
  ///
  /// - Throws: ``FileError`` when `members` is a symbolic link or not a folder.
  func stampedJournals() throws -> [(journal: ClubJournal, stamp: Int64)] {
    guard let members = try membersFolder() else { return [] }
    return Self.memberIDs(in: members).map {
      (journal(ofValid: $0), members.stamp(of: "\($0).jsonl"))
    }
  }

  /// The `members` folder, opened with no symbolic link followed; `nil` when there is none.
  private func membersFolder() throws -> DirectoryHandle? {
    let handle = try DirectoryHandle(path: path)
    guard handle.contains("members") else { return nil }
    return try handle.folder("members")
  }

  /// The ids of the files `<uuid>.jsonl` in `members`, sorted (anything else there is no
  /// member's).
  private static func memberIDs(in members: DirectoryHandle) -> [String] {
    let names = members.entries().filter { $0.hasSuffix(".jsonl") }
    return names.map { String($0.dropLast(6)) }.filter(ClubID.isValid).sorted()
  }

  /// The journal of a member whose id is known to be a UUID.
  private func journal(ofValid member: String) -> ClubJournal {
    ClubJournal(path: membersPath + "/\(member).jsonl", member: member)
  }
}

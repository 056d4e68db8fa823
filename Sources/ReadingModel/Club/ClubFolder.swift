#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A club on disk (DESIGN.md section 10): `club.json` and one journal per member under
/// `members/`. Each member writes only their own journal, so git and file-sync tools never
/// see two writers of one file.
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
    let folder = ClubFolder(path: path, id: UUID().uuidString.lowercased(), name: name)
    if FileManager.default.fileExists(atPath: folder.descriptionPath) {
      throw ClubError.alreadyAClub(path)
    }
    try AtomicFile.createFolder(folder.membersPath)
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
  /// - Throws: ``ClubError`` when there is no club there, or one of a newer format.
  public static func open(_ path: String) throws -> ClubFolder {
    let descriptionPath = path + "/club.json"
    guard let data = try? SmallFile.read(descriptionPath) else {
      throw ClubError.notAClub(path)
    }
    struct Description: Decodable {
      var format: Int
      var id: String
      var name: String
    }
    guard let description = try? JSONDecoder().decode(Description.self, from: Data(data)) else {
      throw ClubError.damaged(descriptionPath)
    }
    guard description.format <= formatVersion else {
      throw ClubError.newerFormat(path, format: description.format)
    }
    return ClubFolder(path: path, id: description.id, name: description.name)
  }

  private init(path: String, id: String, name: String) {
    self.path = path
    self.id = id
    self.name = name
  }

  var descriptionPath: String { path + "/club.json" }
  var membersPath: String { path + "/members" }

  /// The journal of one member.
  public func journal(of member: String) -> ClubJournal {
    ClubJournal(path: membersPath + "/\(member).jsonl", member: member)
  }

  /// Every member's journal, by the files under `members/`.
  public func journals() -> [ClubJournal] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: membersPath)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") }.sorted().map {
      ClubJournal(path: membersPath + "/" + $0, member: String($0.dropLast(6)))
    }
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Each scene's selection in a small file of its own under the state folder, so two
/// terminals keep separate selections and never write the same file.
public struct SelectionStore: Sendable {
  /// The folder holding one file per scene.
  public let folder: String
  /// The scene: `BOOKCLUB_SCENE`, else the controlling terminal, else `default`.
  public let scene: String

  public init(folder: String, scene: String) {
    self.folder = folder
    self.scene = scene
  }

  /// `selection/` in the state folder (`~/.local/state/bookclub` by default).
  public static func defaultFolder(environment: [String: String]) -> String {
    UserFolder.state.path(environment: environment) + "/selection"
  }

  /// The file for this scene: its name made safe (`/dev/pts/3` → `dev-pts-3.json`); a long
  /// name is shortened and told apart by a hash of the whole, so any scene fits the file
  /// system's limit on names.
  public var path: String {
    let safe = scene.unicodeScalars.map { scalar -> Character in
      let character = Character(scalar)
      return scalar.isASCII
        && (character.isLetter || character.isNumber || character == "_"
          || character == ".")
        ? character : "-"
    }
    var name = String(safe).trimming { $0 == "-" || $0 == "." }
    if name.utf8.count > 64 || !scene.utf8.allSatisfy({ $0 < 0x80 }) {
      name = String(name.prefix(48)) + "-" + Self.hash(scene)
    }
    return folder + "/" + (name.isEmpty ? "default" : name) + ".json"
  }

  /// FNV-1a, 64 bits, in hex: the same in every process (Swift's `Hasher` is not).
  private static func hash(_ text: String) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
    return String(value, radix: 16)
  }

  /// The selection, or `nil` when none was made (or its file cannot be read, which is
  /// the same to the reader: a selection is a convenience, not data).
  public func load() -> Selection? {
    guard let data = try? SmallFile.read(path) else { return nil }
    return try? interchangeDecoder.decode(Selection.self, from: data)
  }

  /// Remembers `selection` for this scene.
  ///
  /// - Throws: ``FileError`` when the file cannot be written.
  public func save(_ selection: Selection) throws(FileError) {
    let data = (try? interchangeEncoder.encode(selection)) ?? Data()
    try AtomicFile.write(data + Data("\n".utf8), to: path)
  }

  /// Forgets this scene's selection.
  public func clear() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

import Foundation

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

  /// The file for this scene: its name made safe (`/dev/pts/3` → `dev-pts-3.json`).
  public var path: String {
    let safe = scene.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." ? $0 : "-" }
    let name = String(safe).trimmingCharacters(in: CharacterSet(charactersIn: "-."))
    return folder + "/" + (name.isEmpty ? "default" : name) + ".json"
  }

  /// The selection, or `nil` when none was made (or its file cannot be read, which is
  /// the same to the reader: a selection is a convenience, not data).
  public func load() -> Selection? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
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

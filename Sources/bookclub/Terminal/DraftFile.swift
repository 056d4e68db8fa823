import Foundation

/// A private temporary file holding a draft for the editor; removed once its content is
/// recorded, kept when it could not be, so nothing typed is lost.
struct DraftFile {
  let path: String

  /// Writes `text` to a new file readable only by the user.
  init(text: String, bookID: Int64) throws {
    let name = "bookclub-progress-\(bookID)-\(UUID().uuidString.prefix(8).lowercased()).txt"
    path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
    guard
      FileManager.default.createFile(
        atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
    else { throw DraftFileError.cannotWrite(path) }
  }

  func contents() throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw DraftFileError.cannotRead(path)
    }
    return String(decoding: data, as: UTF8.self)
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// Why a draft file could not be used.
enum DraftFileError: Error, LocalizedError {
  /// The temporary folder cannot be written.
  case cannotWrite(String)
  /// The draft disappeared or cannot be read after editing.
  case cannotRead(String)

  var errorDescription: String? {
    switch self {
    case .cannotWrite(let path):
      "Cannot write the draft '\(path)'. Is the temporary folder writable?"
    case .cannotRead(let path):
      "Cannot read the draft '\(path)' after editing; nothing was recorded."
    }
  }
}

import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

  /// The draft's text.
  ///
  /// - Throws: ``DraftFileError`` when it cannot be read, or is not text: invalid UTF-8 or
  ///   a NUL would be lost or cut short, so such a draft is kept instead.
  func contents() throws -> String {
    guard let data = try? SmallFile.read(path) else { throw DraftFileError.cannotRead(path) }
    guard let text = String(validating: [UInt8](data), as: UTF8.self) else {
      throw DraftFileError.notText(path, reason: "it is not valid UTF-8")
    }
    guard !text.utf8.contains(0) else {
      throw DraftFileError.notText(path, reason: "it holds a NUL character")
    }
    return text
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
  /// The draft is not text bookclub can keep whole.
  case notText(String, reason: String)

  var errorDescription: String? {
    switch self {
    case .cannotWrite(let path):
      "Cannot write the draft '\(path)'. Is the temporary folder writable?"
    case .cannotRead(let path):
      "Cannot read the draft '\(path)' after editing; nothing was recorded."
    case .notText(let path, let reason):
      "The draft cannot be recorded: \(reason). Nothing was recorded; your draft is kept at \(path)"
    }
  }
}

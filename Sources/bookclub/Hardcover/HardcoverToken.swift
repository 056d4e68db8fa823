import ReadingModel

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

/// The Hardcover API token: kept in `$XDG_CONFIG_HOME/bookclub/hardcover-token`, readable by
/// its owner alone, as the `Authorization` header's value (`Bearer …`). It is never printed,
/// never put on a command line or in a child's environment: bookclub-fetch reads the file.
struct HardcoverToken {
  /// The file the token is kept in.
  let path: String

  init(environment: [String: String]) {
    path = UserFolder.config.path(environment: environment) + "/hardcover-token"
  }

  init(path: String) {
    self.path = path
  }

  /// The header value for a token as Hardcover shows it: with `Bearer ` or without.
  static func header(_ token: String) -> String {
    let text = token.trimmingWhitespace()
    guard text.lowercased().hasPrefix("bearer ") else { return "Bearer " + text }
    return "Bearer " + text.dropFirst(7).trimmingWhitespace()
  }

  /// Reads a token from a file the reader gave (`--token-file`): only a regular file that
  /// no one else can read, not a link.
  ///
  /// - Throws: ``HardcoverError`` naming what is wrong with the file.
  static func read(from path: String) throws(HardcoverError) -> String {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      throw errno == ELOOP ? .tokenFileLink(path) : .tokenFileUnreadable(path, reason)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw .tokenFileNotAFile(path)
    }
    guard info.st_mode & 0o077 == 0 else { throw .tokenFileOpen(path) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = systemRead(descriptor, &bytes, bytes.count)
    let text = count > 0 ? String(decoding: bytes[..<count], as: UTF8.self) : ""
    guard let line = text.split(whereSeparator: \.isNewline).first.map(String.init),
      !line.trimmingWhitespace().isEmpty
    else { throw .tokenFileUnreadable(path, "it holds no token") }
    return line
  }

  /// Whether a token is kept (a file is there, a link included: reading it says why not).
  /// The kept token's file, once it is checked to be there and its owner's alone.
  ///
  /// - Throws: ``HardcoverError/notLoggedIn``, or why the file is refused.
  func checkedPath() throws(HardcoverError) -> String {
    guard isKept else { throw .notLoggedIn }
    _ = try Self.read(from: path)  // a token file someone opened is refused
    return path
  }

  var isKept: Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Keeps `header` (``header(_:)``) as the token, readable by its owner alone: whatever
  /// was at the path (a file someone opened, a link) is replaced, never written through.
  func keep(_ header: String) throws {
    let folder = PathName.folder(of: path)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try forget()
    let file = try AtomicFile.Writer(path: path, permissions: 0o600)
    try file.write(Data((header + "\n").utf8))
    try file.commit()
  }

  /// Forgets the token.
  ///
  /// - Throws: ``HardcoverError/tokenFileUnreadable(_:_:)`` when it cannot be removed.
  func forget() throws(HardcoverError) {
    guard unlink(path) == 0 || errno == ENOENT else {
      throw .tokenFileUnreadable(path, "it cannot be removed: " + String(cString: strerror(errno)))
    }
  }
}

/// `read(2)`, named apart from ``HardcoverToken/read(from:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  read(descriptor, buffer, count)
}

/// Why bookclub cannot use a Hardcover token.
enum HardcoverError: Error, LocalizedError {
  /// The token file is a symbolic link: a stranger could point it anywhere.
  case tokenFileLink(String)
  /// The token file is no regular file.
  case tokenFileNotAFile(String)
  /// The token file can be read by others than its owner.
  case tokenFileOpen(String)
  /// The token file cannot be read, and why.
  case tokenFileUnreadable(String, String)
  /// Hardcover refused the token.
  case refused
  /// No token is kept yet.
  case notLoggedIn
  /// None was typed at the prompt.
  case noToken
  /// Hardcover's answer was not one bookclub understands.
  case unexpectedAnswer(String)
  /// Hardcover refused some of the books a push sent.
  case someRefused(Int)
  /// Hardcover asked bookclub to slow down, and kept asking. `wholeRefused` when the
  /// answer says the request was not taken at all (429), so sending it again is safe.
  case busy(retryAfter: String?, wholeRefused: Bool)

  var errorDescription: String? {
    switch self {
    case .tokenFileLink(let path):
      "'\(TerminalText.safe(path))' is a symbolic link; give the token file itself."
    case .tokenFileNotAFile(let path):
      "'\(TerminalText.safe(path))' is not a regular file; give a file holding the token."
    case .tokenFileOpen(let path):
      "'\(TerminalText.safe(path))' can be read by others, so the token in it is not kept "
        + "secret; make it yours alone (chmod 600 '\(TerminalText.safe(path))') and try again."
    case .tokenFileUnreadable(let path, let reason):
      "The token file '\(TerminalText.safe(path))' cannot be read: \(reason)."
    case .refused:
      "Hardcover refused the token. Copy it again from hardcover.app (Settings, Hardcover "
        + "API) and run 'bookclub hardcover login'."
    case .noToken:
      "No token given; nothing was kept. Paste the token from hardcover.app (Settings, "
        + "Hardcover API), or give --token-file FILE."
    case .notLoggedIn:
      "You are not logged in to Hardcover: bookclub hardcover login"
    case .unexpectedAnswer(let what):
      "Hardcover's answer was not what bookclub expects (\(TerminalText.safe(what))); "
        + "what it answered was not taken. Try again later."
    case .someRefused(let count):
      "Hardcover refused \(count == 1 ? "1 book" : "\(count) books") (listed above); the rest "
        + "was sent. Push again to retry them."
    case .busy:
      "Hardcover asked bookclub to slow down and is still busy; what was sent is kept. Try "
        + "again in a few minutes."
    }
  }
}

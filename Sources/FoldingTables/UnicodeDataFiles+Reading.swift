#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension UnicodeDataFiles {
  /// More than any of the data files holds (the largest is under 1 MiB).
  static let largestFile = 16 << 20

  /// Reads the files of ``fileNames`` from `folder`.
  ///
  /// - Parameter folder: The folder of the data files (the package's `unicode/`).
  /// - Throws: ``FoldingTableError/unreadable(file:reason:)`` naming the first file that
  ///   cannot be read and why: missing, not a regular file, not readable, too large, not
  ///   UTF-8.
  public init(folder: String) throws {
    let texts = try Self.fileNames.map { try Self.text(ofFile: folder + "/" + $0) }
    self.init(texts)
  }

  /// The UTF-8 text of the regular file at `path`.
  static func text(ofFile path: String) throws(FoldingTableError) -> String {
    func unreadable(_ reason: String) -> FoldingTableError {
      .unreadable(file: path, reason: reason)
    }
    // Not blocking: a FIFO is refused below instead of waiting for a writer.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw unreadable(Self.systemError()) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw unreadable(Self.systemError()) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw unreadable(
        info.st_mode & S_IFMT == S_IFDIR ? "it is a folder" : "it is not a regular file")
    }
    guard Int(info.st_size) <= largestFile else {
      throw unreadable("it holds \(info.st_size) bytes, more than a Unicode data file")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw unreadable(Self.systemError()) }
      if count == 0 { break }
      bytes += chunk[..<count]
      guard bytes.count <= largestFile else {
        throw unreadable("it holds more bytes than a Unicode data file")
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw unreadable("it is not UTF-8 text")
    }
    return text
  }

  /// The system's words for `errno`.
  private static func systemError() -> String {
    String(cString: strerror(errno))
  }
}

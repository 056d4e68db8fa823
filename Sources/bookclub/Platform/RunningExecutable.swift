#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file of the program running now, as the system knows it: for starting bookclub
/// again (a background sync) and for finding programs installed beside it.
enum RunningExecutable {
  /// What Linux adds to `/proc/self/exe`'s target once the running program's file is gone
  /// from its path: removed, or replaced in place by an upgrade while it runs.
  static let deletedMark = " (deleted)"

  /// The running program's path.
  ///
  /// After an upgrade in place the path names the new program, which is what starting
  /// bookclub again should start.
  ///
  /// - Returns: The path; `nil` when the system cannot say (Linux without `/proc`), or
  ///   when the program's file was removed and nothing is at its path now.
  static func path() -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return current(linkTarget: target, running: fileIdentity("/proc/self/exe"))
    #elseif canImport(Darwin)
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
      return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    #else
      return nil
    #endif
  }

  /// The path of the running program, from what `/proc/self/exe` links to.
  ///
  /// A target ending in ``deletedMark`` is the path the running file had, unless a file of
  /// that very name is the running one: the mark goes when a program is at the path
  /// without it (the upgrade), and with nothing there the program has no path.
  ///
  /// - Parameters:
  ///   - target: The link's target.
  ///   - running: The running file's device and inode (`stat` of `/proc/self/exe`, which
  ///     reaches the file even once it is gone); `nil` when unknown.
  /// - Returns: A path to an executable file, or `nil`.
  static func current(linkTarget target: String, running: FileIdentity?) -> String? {
    guard target.hasSuffix(deletedMark) else { return target }
    if let running, fileIdentity(target) == running { return target }
    let original = String(target.dropLast(deletedMark.count))
    return access(original, X_OK) == 0 ? original : nil
  }

  /// A file's device and inode: the same pair is the same file.
  struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
  }

  /// The identity of the file at `path` (links followed), or `nil` when there is none.
  static func fileIdentity(_ path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }
}

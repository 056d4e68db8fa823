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

/// A folder opened once, and what is inside it opened relative to it, one component at a
/// time, with no symbolic link followed at any component (`openat` with `O_NOFOLLOW`): a
/// path made of names someone else chose (a club folder's contents, carried by git or a
/// sync tool) cannot lead outside the folder.
public final class DirectoryHandle {
  /// The folder's path, for messages.
  public let path: String
  private let descriptor: Int32

  /// Opens the folder at `path`: the caller's own path, so symbolic links in it are
  /// followed (a club folder may live on a linked drive).
  ///
  /// - Throws: ``FileError/cannotRead(_:reason:)`` when it is missing or not a folder.
  public init(path: String) throws(FileError) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason = errno == ENOTDIR ? "it is not a folder" : AtomicFile.lastError()
      throw .cannotRead(path, reason: reason)
    }
    self.path = path
    self.descriptor = descriptor
  }

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// The folder `name` inside this one, never through a symbolic link.
  ///
  /// - Parameter creating: Make it when it is missing.
  /// - Throws: ``FileError`` when it is missing (and not made), a symbolic link, or not a
  ///   folder.
  public func folder(_ name: String, creating: Bool = false) throws(FileError) -> DirectoryHandle {
    let path = try childPath(name)
    var child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if child < 0, errno == ENOENT, creating {
      guard mkdirat(descriptor, name, 0o755) == 0 || errno == EEXIST else {
        throw .cannotWrite(path, reason: "cannot create the folder: \(AtomicFile.lastError())")
      }
      child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }
    guard child >= 0 else {
      let reason = errno == ENOENT ? "it does not exist" : describe(name, errno: errno)
      throw creating ? .cannotWrite(path, reason: reason) : .cannotRead(path, reason: reason)
    }
    return DirectoryHandle(path: path, descriptor: child)
  }

  /// Opens the regular file `name` inside this folder: never through a symbolic link, and
  /// never waiting on a FIFO.
  ///
  /// - Parameters:
  ///   - flags: `open` flags (`O_WRONLY | O_APPEND | O_CREAT`…); `O_NOFOLLOW`, `O_NONBLOCK`
  ///     and `O_CLOEXEC` are added.
  ///   - permissions: For a file that `O_CREAT` makes.
  /// - Returns: The descriptor, which the caller closes.
  /// - Throws: ``FileError`` when it cannot be opened or is not a regular file.
  public func openFile(_ name: String, flags: Int32, permissions: mode_t = 0o644)
    throws(FileError) -> Int32
  {
    let path = try childPath(name)
    let writing = flags & O_ACCMODE != O_RDONLY
    let file = openat(
      descriptor, name, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, permissions)
    guard file >= 0 else {
      let reason = describe(name, errno: errno)
      throw writing ? .cannotWrite(path, reason: reason) : .cannotRead(path, reason: reason)
    }
    var info = stat()
    guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(file)
      let reason = "it is \(Self.kind(info.st_mode)), not a regular file"
      throw writing ? .cannotWrite(path, reason: reason) : .cannotRead(path, reason: reason)
    }
    return file
  }

  /// The regular file `name` inside this folder, to read from start to end, opened as
  /// ``openFile(_:flags:permissions:)`` opens it.
  ///
  /// - Throws: ``InputFileError``: `.notFound`, `.notAFile` (with what it is), `.empty`.
  public func inputFile(_ name: String) throws(InputFileError) -> InputFile {
    let path = self.path + "/" + name
    guard Self.isName(name) else { throw .unreadable(path, reason: "it is not a file name") }
    let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else {
      if errno == ENOENT { throw .notFound(path) }
      throw .unreadable(path, reason: describe(name, errno: errno))
    }
    return try InputFile(adopting: file, path: path)
  }

  /// The names in this folder (not `.` and `..`), in no order; empty when it cannot be read.
  public func entries() -> [String] {
    let copy = dup(descriptor)
    guard copy >= 0, let stream = fdopendir(copy) else {
      if copy >= 0 { close(copy) }
      return []
    }
    defer { closedir(stream) }
    rewinddir(stream)  // the copy shares the position of the descriptor it copies
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// Whether something named `name` is in this folder (a symbolic link counts).
  public func contains(_ name: String) -> Bool {
    var info = stat()
    return Self.isName(name) && fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0
  }

  /// The ``FileStamp`` of the regular file `name` in this folder, without opening it; 0
  /// when it is no regular file (a symbolic link is not followed) or is not there.
  func stamp(of name: String) -> Int64 {
    var info = stat()
    guard Self.isName(name), fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
      info.st_mode & S_IFMT == S_IFREG
    else { return 0 }
    return FileStamp.stamp(of: info)
  }

  /// Whether `name` is one path component: not empty, no `/`, not `.` or `..`.
  public static func isName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
  }

  private func childPath(_ name: String) throws(FileError) -> String {
    let path = self.path + "/" + name
    guard Self.isName(name) else { throw .cannotRead(path, reason: "it is not a file name") }
    return path
  }

  /// Why `name` could not be opened: what it is, when that is the reason.
  private func describe(_ name: String, errno error: Int32) -> String {
    var info = stat()
    if fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
      let kind = info.st_mode & S_IFMT
      if kind == S_IFLNK { return "it is a symbolic link, which bookclub does not follow here" }
      if error == ENOTDIR { return "it is \(Self.kind(info.st_mode)), not a folder" }
      if error == EISDIR { return "it is a folder, not a file" }
    }
    return String(cString: strerror(error))
  }

  /// What a file of mode `mode` is, in words.
  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a folder"
    case S_IFLNK: "a symbolic link"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
  }
}

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

/// The temporary files bookclub writes beside a file before renaming them into place:
/// `<file>.tmp-<pid>-<random>`. A process killed before the rename leaves one behind; the
/// next write of the same file removes it, and only it: a name bookclub made, for that file,
/// whose process is gone.
enum TemporaryFiles {
  /// A new temporary name for `target`, owned by this process.
  static func name(for target: String) -> String {
    "\(target).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  }

  /// The process that made `name`, when it is a temporary name for a file called `base`.
  ///
  /// - Returns: `nil` for any other name.
  static func owner(of name: String, madeFor base: String) -> pid_t? {
    guard name.hasPrefix(base + ".tmp-") else { return nil }
    let parts = name.dropFirst(base.count + 5).split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
      let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1]) != nil
    else { return nil }
    return pid
  }

  /// Removes the temporary files of `target` that processes now gone left behind, and
  /// untouched for an hour: in a folder a sync tool shares, a pid names a process of this
  /// machine only, and another machine's write in progress is recent.
  static func removeStale(of target: String) {
    let folder = PathName.folder(of: target)
    let base = PathName.lastComponent(of: target)
    let hourAgo = Int(time(nil)) - 3600
    for name in names(in: folder) {
      guard let pid = owner(of: name, madeFor: base), !isRunning(pid) else { continue }
      let path = folder.isEmpty ? name : "\(folder)/\(name)"
      var info = stat()
      guard lstat(path, &info) == 0, modified(info) < hourAgo else { continue }
      removeFile(path)
    }
  }

  /// When a file was last modified, in seconds since 1970.
  private static func modified(_ info: stat) -> Int {
    #if canImport(Darwin)
      Int(info.st_mtimespec.tv_sec)
    #else
      Int(info.st_mtim.tv_sec)
    #endif
  }

  /// The names in `folder` (the current folder when empty); none when it cannot be read.
  static func names(in folder: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
  }

  /// Whether a process with this id is running (or exists, owned by someone else).
  static func isRunning(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
  }

  /// Unlinks `path` when it is a regular file (never a folder, nor where a link leads).
  static func removeFile(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
    unlink(path)
  }
}

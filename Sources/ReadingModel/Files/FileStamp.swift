#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file as `stat` saw it: which file (device and inode), its size, and when its
/// content and its inode last changed, folded into 64 bits. While a file's stamp stays the
/// same, so do its bytes: a write, a truncation, a rename over it or a restore by a sync
/// tool changes the size, the inode or the change time, and the change time is the
/// kernel's own, which no tool can set back.
///
/// A stamp is only worth keeping once the file has been still for a moment
/// (``settledStamp(of:now:)``): the kernel's clock for file times ticks every few
/// milliseconds, so a write in the same tick as a read could leave the stamp as it was.
enum FileStamp {
  /// How long a file must have been unchanged before its stamp is kept: far more than a
  /// tick of the file-time clock, the 2 seconds of FAT's included.
  static let settleTime: Int64 = 3_000_000_000

  /// The stamp of the file `info` describes; never 0 (0 is "no stamp").
  static func stamp(of info: stat) -> Int64 {
    let (modified, changed) = times(of: info)
    let fields: [Int64] = [
      Int64(bitPattern: UInt64(info.st_dev)), Int64(bitPattern: UInt64(info.st_ino)),
      Int64(info.st_size), modified, changed,
    ]
    let value = fields.withUnsafeBytes { ClubJournal.ReadPoint.hash($0) }
    return value == 0 ? 1 : value
  }

  /// The stamp of the file `info` describes, when it last changed at least
  /// ``settleTime`` before `now`; otherwise 0.
  ///
  /// - Parameter now: Nanoseconds since 1970 (``now()``).
  static func settledStamp(of info: stat, now: Int64 = now()) -> Int64 {
    now - times(of: info).changed >= settleTime ? stamp(of: info) : 0
  }

  /// When the file's content and its inode last changed, in nanoseconds since 1970.
  static func times(of info: stat) -> (modified: Int64, changed: Int64) {
    #if canImport(Darwin)
      let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
    #else
      let (modified, changed) = (info.st_mtim, info.st_ctim)
    #endif
    return (
      Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
      Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec)
    )
  }

  /// The wall clock file times are kept in, in nanoseconds since 1970.
  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}

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
  /// tick of the file-time clock.
  static let settleTime: Int64 = 1_000_000_000

  /// The stamp of the file `info` describes; never 0 (0 is "no stamp").
  static func stamp(of info: stat) -> Int64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    let fields: [Int64] = [
      Int64(bitPattern: UInt64(info.st_dev)), Int64(bitPattern: UInt64(info.st_ino)),
      Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec),
      Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec),
    ]
    for field in fields {
      var bits = UInt64(bitPattern: field)
      for _ in 0..<8 {
        value = (value ^ (bits & 0xFF)) &* 0x100_0000_01b3
        bits >>= 8
      }
    }
    return value == 0 ? 1 : Int64(bitPattern: value)
  }

  /// The stamp of the file `info` describes, when it last changed at least
  /// ``settleTime`` before `now`; otherwise 0.
  ///
  /// - Parameter now: Nanoseconds since 1970 (``now()``).
  static func settledStamp(of info: stat, now: Int64 = now()) -> Int64 {
    let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    return now - changed >= settleTime ? stamp(of: info) : 0
  }

  /// The wall clock file times are kept in, in nanoseconds since 1970.
  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}

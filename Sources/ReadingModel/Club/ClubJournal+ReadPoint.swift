extension ClubJournal {
  /// Where the last read of a journal ended, and how to know the file is still the one that
  /// was read: a sync tool may roll a journal back, or replace it with another of any
  /// length, and a byte offset alone would then resume in the middle of a line.
  public struct ReadPoint: Sendable, Equatable {
    /// After the last whole line read.
    public var offset = 0
    /// How many lines were read (the number of the last one), for warnings naming a line.
    public var lineNumber = 0
    /// How many bytes before ``offset`` ``checkHash`` covers: the end of the last line read,
    /// its newline included, at most ``checkLimit`` bytes.
    public var checkLength = 0
    /// FNV-1a of those bytes: when they are no longer what was read, the journal was
    /// rewritten and is read again from its start.
    public var checkHash: Int64 = 0
    /// The highest sequence number read.
    public var lastSequence = 0
    /// The journal's ``FileStamp`` when this read reached its end, the file having been
    /// still for a moment; 0 otherwise. While the file's stamp is this, there is nothing
    /// new to read, and a command looks no further than `stat` (a club of a thousand
    /// members is a thousand `stat`s, not three thousand `open`s and reads).
    public var fileStamp: Int64 = 0

    /// The start of a journal: nothing read.
    public static let start = ReadPoint()

    /// The most bytes the check covers: a line's end is enough to tell it from another.
    static let checkLimit = 4096

    public init(
      offset: Int = 0, lineNumber: Int = 0, checkLength: Int = 0, checkHash: Int64 = 0,
      lastSequence: Int = 0, fileStamp: Int64 = 0
    ) {
      self.offset = offset
      self.lineNumber = lineNumber
      self.checkLength = checkLength
      self.checkHash = checkHash
      self.lastSequence = lastSequence
      self.fileStamp = fileStamp
    }

    /// FNV-1a, 64 bits, as a signed integer (how SQLite keeps it): the same in every
    /// process, unlike Swift's `Hasher`.
    static func hash(_ bytes: some Sequence<UInt8>) -> Int64 {
      var value: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes {
        value ^= UInt64(byte)
        value = value &* 0x100_0000_01b3
      }
      return Int64(bitPattern: value)
    }
  }
}

import Foundation
import Testing

@testable import ReadingModel

/// Lines kept for the batch decoder are decoded once they hold ``JournalLineScan/batchByteLimit``
/// bytes, not only every ``JournalLineScan/batchSize`` lines: a journal of lines near the line
/// limit is never held 4,096 lines at a time, and a club reads several journals at once.
@Suite struct JournalBatchBytesTests {
  let folder = TemporaryFolder()

  @Test func longLinesAreDecodedInBatchesOfBoundedBytes() throws {
    let path = folder.path("long.jsonl")
    let line = String(repeating: "x", count: 600_000) + "\n"
    let count = 60  // 36 MB: over twice the limit, far under 4,096 lines
    try String(repeating: line, count: count).write(
      toFile: path, atomically: false, encoding: .utf8)
    var kept = 0
    var largest = 0
    var lines = 0
    let reading = JournalFile(path: path).read(
      after: .start, label: "long.jsonl", lineLimit: ClubJournal.lineLimit, problemLimit: 3,
      readLimit: ClubJournal.readLimit, explain: { "\($0)" },
      each: { line in
        kept += line.count
        return .batched
      },
      decodeBatch: {
        largest = max(largest, kept)
        let decided = [JournalLineScan.LineOutcome](
          repeating: .read(sequence: 1), count: kept / 600_000)
        lines += decided.count
        kept = 0
        return decided
      })
    #expect(reading.problems.isEmpty)
    #expect(lines == count)
    #expect(largest >= JournalLineScan.batchByteLimit)
    #expect(largest < JournalLineScan.batchByteLimit + 600_000)
  }
}

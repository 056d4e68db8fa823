import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Journal lines decoded over the cores, a run of consecutive lines to each: a first read
/// of a club or a sync folder decodes millions of lines, and decoding is most of its work.
enum JournalLineDecoding {
  /// The fewest lines worth a core of their own.
  static let linesPerCore = 256

  /// Decodes every line, the lines of each run in order and with state of their own.
  ///
  /// - Parameters:
  ///   - lines: The lines, each without its newline.
  ///   - decodeRun: Decodes a run of consecutive lines (one call per core), in order.
  /// - Returns: Each line's outcome, in the lines' order.
  static func decode<Outcome: Sendable>(
    _ lines: [[UInt8]], runs decodeRun: @Sendable (ArraySlice<[UInt8]>) -> [Outcome]
  ) -> [Outcome] {
    let parts = min(4, ProcessInfo.processInfo.activeProcessorCount, lines.count / linesPerCore)
    guard parts > 1 else { return decodeRun(lines[...]) }
    var runs = [[Outcome]](repeating: [], count: parts)
    runs.withUnsafeMutableBufferPointer { buffer in
      // Each run writes only its own slot, and the buffer outlives them all.
      nonisolated(unsafe) let slots = buffer
      DispatchQueue.concurrentPerform(iterations: parts) { part in
        let start = lines.count * part / parts
        let end = lines.count * (part + 1) / parts
        slots[part] = decodeRun(lines[start..<end])
      }
    }
    return runs.flatMap { $0 }
  }
}

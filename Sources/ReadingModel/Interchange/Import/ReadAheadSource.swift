import Dispatch

/// An import source that reads another one on a thread of its own, a few hundred rows ahead
/// of the import writing them.
///
/// Parsing a CSV row and mapping it to fields costs about as much as matching and writing
/// it, and the two need nothing from each other, so on a second core they overlap. Rows come
/// out in the file's order; an error the file raises comes out where it was raised, after
/// every row before it. Dropping the source (an import that failed or was cancelled) stops
/// the reading thread at its next chunk.
struct ReadAheadSource: ImportSource {
  /// How many rows are handed over at once: few enough to start writing at once, enough
  /// that the hand-over costs nothing per row.
  static let chunkSize = 256
  /// How many chunks may wait before the reading thread waits for the import.
  static let depth = 8

  let formatName: String
  let columnsNotKept: [String]
  let totalBytes: Int
  let knownRows: KnownSourceRows?
  private let reader: Reader
  /// The rows of the chunk being taken, last row first.
  private var pending: [ImportRow] = []
  /// The rows handed out since the last chunk came, kept to be given back.
  private var handedOut: [ImportRow] = []
  /// Whether rows were asked for: the first ask ends the reading thread's wait.
  private var hasTakenRows = false
  /// What the reading thread said at the end: `nil` until then.
  private var end: RowChunk.End?

  /// Starts reading `source` on another thread.
  ///
  /// - Parameters:
  ///   - source: A source nothing else reads from again.
  ///   - chunkSize: How many rows are handed over at once.
  init(_ source: any ImportSource, chunkSize: Int = Self.chunkSize) {
    formatName = source.formatName
    columnsNotKept = source.columnsNotKept
    totalBytes = source.totalBytes
    knownRows = source.knownRows
    reader = Reader(channel: RowChannel(depth: Self.depth), knownRows: source.knownRows)
    let handoff = SourceHandoff(source: source)
    let channel = reader.channel
    DispatchQueue.global(qos: .userInitiated).async {
      channel.produce(from: handoff.source, chunkSize: max(1, chunkSize))
    }
  }

  var bytesRead: Int { reader.channel.bytesRead }

  /// The remarks of the source, once every row has been taken.
  var remarks: [String] {
    if case .finished(let remarks) = end { return remarks }
    return []
  }

  mutating func next() throws -> ImportRow? {
    // Whoever takes rows without having published the last import's has none to publish.
    if !hasTakenRows {
      hasTakenRows = true
      knownRows?.publishNone()
    }
    while pending.isEmpty {
      switch end {
      case .finished: return nil
      case .failed(let error): throw error
      case nil:
        let chunk = reader.channel.take(givingBack: handedOut)
        handedOut = []
        handedOut.reserveCapacity(chunk.rows.count)
        pending = chunk.rows.reversed()
        end = chunk.end
      }
    }
    let row = pending.removeLast()
    handedOut.append(row)
    return row
  }
}

/// The reading side's end of a ``RowChannel``: when the last copy of the source is gone, the
/// reading thread is told to stop.
private final class Reader: Sendable {
  let channel: RowChannel
  /// What the reading thread waits for before its first row.
  let knownRows: KnownSourceRows?

  init(channel: RowChannel, knownRows: KnownSourceRows?) {
    self.channel = channel
    self.knownRows = knownRows
  }

  deinit {
    knownRows?.publishNone()
    channel.stop()
  }
}

/// A source on its way to the reading thread, which alone uses it from then on.
private struct SourceHandoff: @unchecked Sendable {
  let source: any ImportSource
}

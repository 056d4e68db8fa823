#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A book's reading history: every progress entry, oldest first.
///
/// A value, as in "Data Essentials in SwiftUI": the owner (`CurrentlyReading`) replaces it
/// when an entry is recorded.
public struct ReadingProgress: Sendable, Codable, Equatable {
  /// One moment of reading: how far, when, and what the reader thought.
  public struct Entry: Sendable, Codable, Equatable, Hashable, Identifiable {
    /// What an entry records.
    public enum Kind: String, Sendable, Codable, Hashable {
      /// Where the reader is: the book's position moves to it.
      case progress
      /// A note, kept at a position without moving the book there.
      case note
    }

    public let id: UUID
    /// How far through the book, from 0 (not started) to 1 (finished); for a note, where
    /// in the book it was written.
    public let progress: Double
    public let time: Date
    public let note: String?
    public let kind: Kind

    public init(
      id: UUID = UUID(), progress: Double, time: Date, note: String? = nil,
      kind: Kind = .progress
    ) {
      self.id = id
      self.progress = progress
      self.time = time
      self.note = note
      self.kind = kind
    }

    private enum CodingKeys: String, CodingKey {
      case id, progress, time, note, kind
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        id: try container.decode(UUID.self, forKey: .id),
        progress: try container.decode(Double.self, forKey: .progress),
        time: try container.decode(Date.self, forKey: .time),
        note: try container.decodeIfPresent(String.self, forKey: .note),
        kind: try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .progress)
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(progress, forKey: .progress)
      try container.encode(time, forKey: .time)
      try container.encodeIfPresent(note, forKey: .note)
      if kind == .note { try container.encode(kind, forKey: .kind) }
    }
  }

  /// Oldest first.
  public var entries: [Entry]
  /// The book's readings (read-throughs), oldest first.
  public var readings: [ReadingPeriod]

  /// Keeps `entries` in time order; entries with the same time keep their given order.
  public init(entries: [Entry] = [], readings: [ReadingPeriod] = []) {
    self.entries = entries.enumerated()
      .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
    self.readings = readings
  }

  /// The entries that are positions, oldest first: notes are left out.
  public var positions: [Entry] { entries.filter { $0.kind == .progress } }

  /// Adds an entry in its place by time, after any with the same time.
  public mutating func insert(_ entry: Entry) {
    let index = entries.lastIndex { $0.time <= entry.time }.map { $0 + 1 } ?? 0
    entries.insert(entry, at: index)
  }

  /// The entries that carry a note, oldest first.
  public var notes: [Entry] { entries.filter { $0.note != nil } }

}

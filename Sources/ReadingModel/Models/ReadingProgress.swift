import Foundation

/// A book's reading history: every progress entry, oldest first.
///
/// A value, as in "Data Essentials in SwiftUI": the owner (`CurrentlyReading`) replaces it
/// when an entry is recorded.
public struct ReadingProgress: Sendable, Codable, Equatable {
  /// One moment of reading: how far, when, and what the reader thought.
  public struct Entry: Sendable, Codable, Equatable, Hashable, Identifiable {
    public let id: UUID
    /// How far through the book, from 0 (not started) to 1 (finished).
    public let progress: Double
    public let time: Date
    public let note: String?

    public init(id: UUID = UUID(), progress: Double, time: Date, note: String? = nil) {
      self.id = id
      self.progress = progress
      self.time = time
      self.note = note
    }
  }

  /// Oldest first.
  public var entries: [Entry]

  /// Keeps `entries` in time order; entries with the same time keep their given order.
  public init(entries: [Entry] = []) {
    self.entries = entries.enumerated()
      .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
  }

  /// Adds an entry in its place by time, after any with the same time.
  public mutating func insert(_ entry: Entry) {
    let index = entries.lastIndex { $0.time <= entry.time }.map { $0 + 1 } ?? 0
    entries.insert(entry, at: index)
  }

  /// The entries that carry a note, oldest first.
  public var notes: [Entry] { entries.filter { $0.note != nil } }

}

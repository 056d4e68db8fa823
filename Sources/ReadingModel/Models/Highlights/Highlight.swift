#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Text from a book, kept with where it stands and when it was marked (DESIGN.md section
/// 14): a highlight made on an e-reader, a note made there at a place, or a quote the reader
/// typed. A value: the library keeps it with its book, and the archive and sync carry it.
public struct Highlight: Sendable, Hashable, Identifiable {
  /// What it is.
  public enum Kind: String, Sendable, CaseIterable {
    /// Text marked on a device.
    case highlight
    /// A note made on a device at a place, with no text marked.
    case note
    /// Text the reader typed (`bookclub quote add`).
    case quote
  }

  /// The longest text or note kept: a page or two of a book. A device's file with more is
  /// a damaged or a hostile one.
  public static let longestText = 20_000

  public let id: UUID
  public var kind: Kind
  /// The text marked or quoted; empty for a note alone.
  public var text: String
  /// The reader's own words about it.
  public var note: String?
  /// Where in the book, 0 to 1, when known: what the spoiler shield compares.
  public var position: Double?
  /// The page the device or the reader gave.
  public var page: Int?
  /// A device's own place: a Kindle location (`755-756`), a chapter.
  public var location: String?
  public var time: Date
  /// Its colour or style as the device names it (`yellow`, `underscore`).
  public var color: String?
  /// Where it came from: `kindle`, `kobo`, `koreader`; `nil` for a quote typed here.
  public var device: String?

  public init(
    id: UUID = UUID(), kind: Kind, text: String, note: String? = nil, position: Double? = nil,
    page: Int? = nil, location: String? = nil, time: Date, color: String? = nil,
    device: String? = nil
  ) {
    self.id = id
    self.kind = kind
    self.text = text
    self.note = note
    self.position = position.map(StoredValue.fraction)
    self.page = page
    self.location = location
    self.time = time
    self.color = color
    self.device = device
  }

  /// Why this highlight cannot be kept, if it cannot: no text and no note, or either longer
  /// than ``longestText`` characters, or a page out of range.
  public var problem: HighlightError? {
    if text.trimmingWhitespace().isEmpty, (note ?? "").trimmingWhitespace().isEmpty {
      return .empty
    }
    if text.count > Self.longestText || (note?.count ?? 0) > Self.longestText {
      return .tooLong(max(text.count, note?.count ?? 0))
    }
    if let page, !(0...StoredValue.pageCounts.upperBound).contains(page) {
      return .pageOutOfRange(page)
    }
    return nil
  }
}

/// Why a highlight or a quote was not kept.
public enum HighlightError: Error, Equatable, Sendable {
  /// Neither text nor a note.
  case empty
  /// Text or a note longer than ``Highlight/longestText`` characters (how long it was).
  case tooLong(Int)
  /// A page below 0 or past any book's.
  case pageOutOfRange(Int)
  /// No highlight has that id (or the start of one).
  case notFound(String)
}

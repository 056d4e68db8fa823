#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One line of a member's journal (DESIGN.md section 10): who, their sequence number,
/// when, and what happened.
public struct ClubEvent: Sendable, Equatable {
  /// What happened. Kinds from a newer bookclub are kept as `unknown` and ignored.
  public enum Kind: Sendable, Equatable {
    /// The member joined, or took a new name. `person` ties the journals of one person's
    /// devices together (each device writes a journal of its own): the member id of the
    /// device that joined first, given by the devices that joined after it by a sync.
    case joined(name: String, person: String? = nil)
    case left
    /// The club's current book; the latest pick wins.
    case picked(ClubBook)
    /// Where the member is: a fraction read, and the page when the book has pages.
    case progress(ClubBook, fraction: Double, page: Int?)
    /// A note shared at a position; shown to others once they pass it.
    case note(ClubBook, text: String, fraction: Double)
    case finished(ClubBook)
    case abandoned(ClubBook)
    /// A rating, or `nil` when it was cleared.
    case rated(ClubBook, rating: Double?)
    /// A kind this version does not know, by name.
    case unknown(String)

    /// The name a journal line gives the kind.
    public var name: String {
      switch self {
      case .joined: "joined"
      case .left: "left"
      case .picked: "picked"
      case .progress: "progress"
      case .note: "note"
      case .finished: "finished"
      case .abandoned: "abandoned"
      case .rated: "rated"
      case .unknown(let name): name
      }
    }

    /// The book the event is about, if any.
    public var book: ClubBook? {
      switch self {
      case .picked(let book), .progress(let book, _, _), .note(let book, _, _),
        .finished(let book), .abandoned(let book), .rated(let book, _):
        book
      case .joined, .left, .unknown: nil
      }
    }
  }

  /// The member's id (a UUID made when they joined).
  public var member: String
  /// 1, 2, 3… in the member's journal: duplicates of a line are recognised by it.
  public var sequence: Int
  /// When, to the millisecond.
  public var time: Int64
  public var kind: Kind

  public init(member: String, sequence: Int, time: Int64, kind: Kind) {
    self.member = member
    self.sequence = sequence
    self.time = time
    self.kind = kind
  }
}

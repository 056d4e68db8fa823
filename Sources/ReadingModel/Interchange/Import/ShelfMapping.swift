/// What an exclusive shelf (Goodreads) or read status (StoryGraph) means.
///
/// Readers make their own shelves for what the services lack: `dnf`, `gave-up` and
/// `won-t-finish` for abandoned books, `on-hold` and `someday` for paused ones, `re-reading`.
/// Those are read by name; `--shelf NAME=STATUS` decides the rest, and wins over the names.
public struct ShelfMapping: Sendable, Equatable {
  /// How a shelf was read.
  public enum Reading: Sendable, Equatable {
    /// One of the service's own shelves (`to-read`, `read`, ...).
    case standard(ReadingStatus)
    /// A shelf the person mapped with `--shelf`.
    case chosen(ReadingStatus)
    /// A custom shelf recognised by its name.
    case recognised(ReadingStatus)
    /// A shelf that says nothing bookclub knows: want to read, and the shelf kept as a tag.
    case unknown

    public var status: ReadingStatus {
      switch self {
      case .standard(let status), .chosen(let status), .recognised(let status): status
      case .unknown: .wantToRead
      }
    }
  }

  /// The person's choices, by folded shelf name.
  private var chosen: [String: ReadingStatus] = [:]

  public init() {}

  /// - Parameter chosen: Shelf names and the status each means (`--shelf NAME=STATUS`).
  public init(chosen: [String: ReadingStatus]) {
    for (name, status) in chosen { self.chosen[Self.fold(name)] = status }
  }

  /// Whether the person chose nothing (no `--shelf`).
  public var isEmpty: Bool { chosen.isEmpty }

  /// The person's choices: folded shelf names, sorted, and the status each means.
  var choices: [(shelf: String, status: ReadingStatus)] {
    chosen.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// What `shelf` means; `standard` lists the service's own shelves.
  public func reading(_ shelf: String, standard: [String: ReadingStatus]) -> Reading {
    let name = Self.fold(shelf)
    if let status = chosen[name] { return .chosen(status) }
    if let status = standard[shelf] ?? standard[shelf.lowercased()] { return .standard(status) }
    if Self.pausedNames.contains(name) { return .recognised(.paused) }
    if let status = Self.recognised[name] { return .recognised(status) }
    if Self.hasAbandonedMark(name) { return .recognised(.abandoned) }
    return .unknown
  }

  /// The shelf name with everything but letters and digits removed, lower-cased:
  /// `Won't Finish`, `wont-finish` and `won-t-finish` are one name.
  static func fold(_ name: String) -> String {
    String(SearchKey.fold(name).filter { $0.isLetter || $0.isNumber })
  }

  private static let abandonedMarks = [
    "dnf", "abandon", "gaveup", "givenup", "notfinish", "didntfinish", "wontfinish",
    "unfinished", "dropped", "quit",
  ].map { Array($0.utf8) }

  /// Whether a folded name holds one of ``abandonedMarks``, compared byte by byte: every
  /// shelf of every row of an import is asked.
  private static func hasAbandonedMark(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    return abandonedMarks.contains { mark in
      bytes.count >= mark.count
        && (0...(bytes.count - mark.count)).contains { start in
          bytes[start..<(start + mark.count)].elementsEqual(mark)
        }
    }
  }

  private static let pausedNames: Set<String> = [
    "onhold", "paused", "pause", "someday", "finishlater", "tofinishlater", "hiatus",
    "backburner", "onpause", "laterpile",
  ]

  private static let recognised: [String: ReadingStatus] = [
    "reading": .reading, "rereading": .reading, "nowreading": .reading, "readingnow": .reading,
    "inprogress": .reading, "currentlyrereading": .reading, "startedreading": .reading,
    "finished": .finished, "done": .finished, "alreadyread": .finished, "haveread": .finished,
    "toread": .wantToRead, "tbr": .wantToRead, "wanttoread": .wantToRead,
    "toberead": .wantToRead, "wishlist": .wantToRead, "readinglist": .wantToRead,
  ]
}

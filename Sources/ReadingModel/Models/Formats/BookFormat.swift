/// What a book is read from: paper, a screen, or the ear. A book is an edition (DESIGN.md
/// section 7), so its format is its readings' format: listening to a book read on paper is a
/// reading of another edition, its audiobook.
public enum BookFormat: String, Sendable, Hashable, CaseIterable, Codable {
  /// Printed: hardcover, paperback, mass market.
  case paper
  /// On a screen: Kindle, Kobo, EPUB, PDF.
  case ebook
  /// Listened to; its progress is time over a ``AudioLength``.
  case audiobook

  /// The words `--format` takes, each format's own name first.
  public static let words: [String: BookFormat] = [
    "paper": .paper, "print": .paper, "paperback": .paper, "hardcover": .paper,
    "ebook": .ebook, "e-book": .ebook, "digital": .ebook, "kindle": .ebook,
    "audiobook": .audiobook, "audio": .audiobook,
  ]

  /// A format typed by a reader (`audiobook`, `audio`, `ebook`, `paper`), case ignored.
  public init?(word: String) {
    guard let format = Self.words[word.trimmingWhitespace().lowercased()] else { return nil }
    self = format
  }

  /// The format a source's binding names: Goodreads' `Binding` (`Audible Audio`, `Kindle
  /// Edition`, `Mass Market Paperback`) or StoryGraph's `Format` (`audio`, `digital`,
  /// `paperback`); `nil` for a binding that names none (`Unknown Binding`, empty).
  public init?(binding: String) {
    let words = Self.words(binding)
    if words.contains(where: { Self.audioWords.contains($0) }) {
      self = .audiobook
    } else if words.contains(where: { Self.screenWords.contains($0) }) {
      self = .ebook
    } else if words.contains(where: { Self.printWords.contains($0) }) {
      self = .paper
    } else {
      return nil
    }
  }

  /// The binding's words, lowercased: letters between anything else. ASCII (almost every
  /// binding) byte by byte; imports ask it of every row.
  private static func words(_ binding: String) -> [String] {
    guard binding.utf8.allSatisfy({ $0 < 0x80 }) else {
      return binding.lowercased().split { !$0.isLetter }.map(String.init)
    }
    var words: [String] = []
    var word: [UInt8] = []
    for byte in binding.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"): word.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte | 0x20)
      default:
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        word.removeAll(keepingCapacity: true)
      }
    }
    if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
    return words
  }

  private static let audioWords: Set<String> = [
    "audio", "audiobook", "audible", "mp3", "cassette", "audiocassette", "cd",
  ]
  private static let screenWords: Set<String> = [
    "kindle", "ebook", "digital", "nook", "epub", "pdf", "kobo", "electronic",
  ]
  private static let printWords: Set<String> = [
    "paperback", "hardcover", "hardback", "paper", "print", "board", "leather", "library",
    "spiral", "bound", "softcover", "mass", "trade",
  ]

  /// The word people read: `paper`, `ebook`, `audiobook`.
  public var name: String { rawValue }

  /// The binding written for a book with no binding of its own, in Goodreads' words.
  public var goodreadsBinding: String {
    switch self {
    case .paper: "Paperback"
    case .ebook: "Kindle Edition"
    case .audiobook: "Audiobook"
    }
  }

  /// The format written for a book with no binding of its own, in StoryGraph's words.
  public var storyGraphFormat: String {
    switch self {
    case .paper: "paperback"
    case .ebook: "digital"
    case .audiobook: "audio"
    }
  }
}

/// The digest of one row of an export as read, and of everything else that decides what the
/// row is mapped to: the source, the version of the mapping, the person's `--shelf` choices
/// and the file's header.
///
/// A library keeps, with a link to a source, the digest of the row its base was made from
/// (`book_sources.row_digest`); a row of a later import with the same digest would be mapped
/// to that base again, so the import passes over it unread (``KnownSourceRows``).
struct SourceRowDigest: Sendable {
  /// The version of what every CSV mapper makes of a row. Raise it with any change that maps
  /// a row to other fields: the rows stored before are then read again, once, by their next
  /// import. `SourceRowDigestTests` fails when the sample exports map to other bases
  /// without it.
  static let mappingVersion = 3

  /// The digest of all but the row.
  private let seed: ContentDigest.Builder

  /// - Parameters:
  ///   - source: The source the rows are linked to (`goodreads`).
  ///   - header: The file's header, as read.
  ///   - shelves: What the person chose custom shelves to mean.
  init(source: String, header: [String], shelves: ShelfMapping) {
    var seed = ContentDigest.Builder()
    seed.add(["bookclub rows", String(Self.mappingVersion), source])
    seed.add(shelves.choices.map { "\($0.shelf)=\($0.status.rawValue)" })
    seed.add("header")
    seed.add(header)
    self.seed = seed
  }

  /// The digest of a row: all of its fields as read, untrimmed.
  func digest(of fields: [String]) -> ContentDigest {
    var builder = seed
    builder.add(fields)
    return builder.digest
  }
}

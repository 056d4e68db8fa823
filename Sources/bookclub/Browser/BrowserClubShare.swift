import ReadingModel

/// What a browser action shares with the clubs reading its book (`syncProgress`), as
/// `progress set`, `status`, `rate` and `note add` share it. The events are worked out only
/// when there is a club to share with.
struct BrowserClubShare {
  let book: Book
  /// A note goes only to clubs whose notes you share (`club join --share-notes`).
  let isNote: Bool
  let kinds: @MainActor () async -> @Sendable (ClubBook) -> [ClubEvent.Kind]
}

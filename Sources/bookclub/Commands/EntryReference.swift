import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `<entry-id>`: an entry's id or a prefix of it (at least 4 characters), as `note list`
/// prints them.
enum EntryReference {
  /// - Throws: ``EntryReferenceError`` when no entry or several entries match.
  static func resolve(_ reference: String, in library: any ProgressReading) async throws
    -> LocatedEntry
  {
    switch try await library.entry(reference) {
    case .found(let located): return located
    case .ambiguous: throw EntryReferenceError.ambiguous(reference)
    case .notFound: throw EntryReferenceError.notFound(reference)
    }
  }
}

/// Why an `<entry-id>` does not name one entry.
enum EntryReferenceError: Error, LocalizedError {
  /// No entry id starts with this.
  case notFound(String)
  /// Several entry ids start with this.
  case ambiguous(String)

  var errorDescription: String? {
    switch self {
    case .notFound(let reference):
      "No entry has the id '\(reference)'. 'bookclub note list <book>' shows the ids."
    case .ambiguous(let reference):
      "Several entries have ids starting '\(reference)'; give more of the id."
    }
  }
}

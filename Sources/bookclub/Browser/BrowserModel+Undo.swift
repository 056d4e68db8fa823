import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `u`: undoing the newest progress entry of the book, asked first. The key's action is the
/// one call ``undoNewestEntry()``, so that what undo means can change here alone.
extension BrowserModel {
  /// Asks before removing the book's newest entry.
  func undoNewestEntry() {
    guard let book = target else { return }
    let library = self.library
    Task {
      do {
        guard let entry = try await library.lastRecordedEntry(of: book.id) else {
          self.notices.push("“\(book.title)” has no entry to undo.")
          return
        }
        self.promptLine.prompt = BrowserPrompt(
          purpose: .confirmUndo(entry.id),
          label: "Remove \(EntryRemoval.describe(entry, of: book))? y/n", bookID: book.id)
      } catch {
        self.notices.push(error.explanation, level: .warning)
      }
    }
  }

  /// Removes the entry the person said yes to.
  ///
  /// - Parameters:
  ///   - id: The entry.
  ///   - book: Its book.
  func removeEntry(_ id: UUID, of book: Book) {
    let library = self.library
    write(book.id) {
      let removed = try await library.removeEntry(id)
      let latest = try await library.progress(of: book.id).positions.last?.progress
      return (removed.book, latest, "Removed \(EntryRemoval.describe(removed.entry, of: book)).")
    }
  }
}

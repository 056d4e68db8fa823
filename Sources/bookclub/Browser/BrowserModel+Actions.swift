import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The actions on one book, written through the same ReadingModel calls as the commands;
/// the list row changes in place, without reloading the list.
extension BrowserModel {
  /// The book the actions act on: the open one, else the highlighted one.
  var target: Book? { detail?.reading.book ?? highlighted?.book }

  /// Opens the detail pane on the highlighted book.
  func openDetail() {
    guard let listed = highlighted else { return }
    detailPane.show(listed.book)
  }

  /// Asks for a value on the status line.
  func ask(_ purpose: BrowserPrompt.Purpose) {
    guard let book = target else { return }
    let title = "“\(book.title)”"
    let label: String
    switch purpose {
    case .progress: label = "Progress on \(title) (120, 45%, +20, done):"
    case .note: label = "Note on \(title) (Ctrl-E: editor):"
    case .tag: label = "Tags for \(title) (a, b adds; -a removes):"
    case .rate: label = "Rate \(title) (0.25 to 5, 0 clears):"
    case .reread: return
    }
    promptLine.prompt = BrowserPrompt(purpose: purpose, label: label, bookID: book.id)
  }

  /// Acts on the prompt's text; a refused value stays with its error shown.
  func submitPrompt() {
    guard let prompt, let book = book(prompt.bookID) else {
      promptLine.prompt = nil
      return
    }
    let text = prompt.text
    switch prompt.purpose {
    case .progress: recordProgress(typed: text, on: book)
    case .note: addNote(text, on: book)
    case .tag: changeTags(text, on: book)
    case .rate: rate(text, on: book)
    case .reread: return
    }
  }

  /// A key answering a choice prompt.
  func answer(_ character: Character) {
    guard let prompt, let book = book(prompt.bookID) else { return }
    switch (prompt.purpose, character) {
    case (.reread(let pending, let note), "r"):
      recordProgress(pending, note: note, on: book, reread: .reread)
    case (.reread(let pending, let note), "c"):
      recordProgress(pending, note: note, on: book, reread: .sameReading)
    default: return
    }
  }

  /// Marks the book finished or abandoned.
  func setStatus(_ status: ReadingStatus) {
    guard let book = target else { return }
    let (writer, progress) = (self.writer, listedProgress(of: book.id))
    write(book.id) {
      let applied = try await writer.apply(.setStatus(book.id, status, at: Date(), reread: nil))
      let message =
        status == .finished
        ? "“\(book.title)” is finished. Well read!" : "“\(book.title)” is \(status.displayName)."
      return (
        applied.after?.book ?? book, status == .finished ? 1 : progress,
        Self.telling(message, applied.remarks)
      )
    }
  }

  /// Writes a note typed in the prompt, or from the editor's draft, at the book's position:
  /// the row keeps that position (the note's entry is not one).
  func addNote(_ text: String, on book: Book) {
    guard !text.trimmingWhitespace().isEmpty else {
      promptLine.prompt?.error = "Type a note, or Esc to cancel."
      return
    }
    let writer = self.writer
    write(book.id) {
      let applied = try await writer.apply(
        .record(book.id, EntryRequest(input: nil, note: text, kind: .note)))
      return (
        applied.after?.book ?? book, applied.after?.position?.progress,
        Self.telling("Note added to “\(book.title)”.", applied.remarks)
      )
    }
  }

  // MARK: Writing

  private func recordProgress(typed text: String, on book: Book) {
    do {
      recordProgress(try ProgressInput(parsing: text), note: nil, on: book, reread: nil)
    } catch {
      promptLine.prompt?.error = error.explanation
    }
  }

  /// Records where the reader is, with a note if any; on a finished or abandoned book,
  /// asks first whether it is a new reading.
  func recordProgress(
    _ input: ProgressInput, note: String?, on book: Book, reread: ReadingState.Reread?
  ) {
    let writer = self.writer
    write(book.id) {
      do {
        let applied = try await writer.apply(
          .record(book.id, EntryRequest(input: input, note: note, reread: reread)))
        let (after, fraction) = (applied.after?.book ?? book, applied.entry?.progress ?? 0)
        let position = ProgressText.position(fraction, of: after)
        let percent = ProgressBar.percent(fraction)
        let message = "“\(book.title)”: \(position) (\(percent)%)"
        return (after, fraction, Self.telling(message, applied.remarks))
      } catch let undecided as ReadingState.RereadUndecided {
        throw BrowserRereadQuestion(status: undecided.status, pending: input, note: note)
      }
    }
  }

  private func changeTags(_ text: String, on book: Book) {
    let names = text.split(separator: ",").map { String($0).collapsingSpaces }.filter {
      !$0.isEmpty && $0 != "-"
    }
    guard !names.isEmpty else {
      promptLine.prompt?.error = "Type a tag, or -tag to remove one."
      return
    }
    let added = names.filter { !$0.hasPrefix("-") }
    let removed = names.filter { $0.hasPrefix("-") }.map { String($0.dropFirst()) }
    let (writer, progress) = (self.writer, listedProgress(of: book.id))
    write(book.id) {
      let result = try await writer.apply(
        .edit(book.id, .tags(adding: added, removing: removed))
      ).edited()
      let title = result.book.title
      let message =
        result.changes.isEmpty ? "No tags changed on “\(title)”." : "Tags of “\(title)” changed."
      return (result.book, progress, message)
    }
  }

  private func rate(_ text: String, on book: Book) {
    let typed = text.trimmingWhitespace()
    let given = Rating(typed)
    // 0 is no rating but is how the browser clears one.
    guard given != nil || Double(typed) == 0 else {
      promptLine.prompt?.error = "Give stars from 0.25 to 5 in quarters (4, 3.75), or 0 to clear."
      return
    }
    let (writer, progress) = (self.writer, listedProgress(of: book.id))
    write(book.id) {
      let applied = try await writer.apply(.edit(book.id, .rating(given)))
      let stars = given?.display ?? "not rated"
      return (
        applied.after?.book ?? book, progress,
        Self.telling("“\(book.title)”: \(stars)", applied.remarks)
      )
    }
  }

  /// An action's notice, with what was shared with clubs after it: one notice, not two
  /// (notices show one at a time).
  static func telling(_ message: String, _ remarks: [String]) -> String {
    ([message] + remarks).joined(separator: " ")
  }

  /// Runs a write, counted in ``writes`` until it ends; a prompt it answers shows
  /// "Saving…" and holds the keys typed meanwhile. On success closes the prompt, updates
  /// the row and the detail and shows what changed; on failure shows why in the prompt, or
  /// as a notice.
  ///
  /// - Parameter then: What to do after a write that succeeded (reload a list it reordered).
  func write(
    _ bookID: Book.ID,
    then: (@MainActor () -> Void)? = nil,
    _ work: @escaping @MainActor () async throws -> (Book, Double?, String)
  ) {
    promptLine.prompt?.isSaving = true
    writes.start {
      defer { self.promptLine.prompt?.isSaving = false }
      do {
        let (book, progress, message) = try await work()
        self.promptLine.prompt = nil
        self.notices.push(message)
        self.updated(ListedBook(book: book, progress: progress))
        then?()
      } catch let question as BrowserRereadQuestion {
        self.promptLine.prompt = BrowserPrompt(
          purpose: .reread(pending: question.pending, note: question.note),
          label: "It is \(question.status.displayName): r a new reading, c the last one goes on",
          bookID: bookID)
      } catch {
        if self.promptLine.prompt != nil {
          self.promptLine.prompt?.error = error.explanation
        } else {
          self.notices.push(error.explanation, level: .warning)
        }
      }
    }
  }

  /// Shows a changed book in its row and, when open, in the detail pane.
  private func updated(_ listed: ListedBook) {
    list.replace(listed)
    if let detail, detail.reading.book.id == listed.id {
      detailPane.show(listed.book, keeping: detail)
    }
  }

  func book(_ id: Book.ID) -> Book? {
    if let detail, detail.reading.book.id == id { return detail.reading.book }
    return books.first { $0.id == id }?.book
  }

  func listedProgress(of id: Book.ID) -> Double? {
    books.first { $0.id == id }?.progress
  }
}

/// A progress write refused because the book is finished or abandoned: the prompt asks
/// whether it is a new reading, keeping the value given and its note.
private struct BrowserRereadQuestion: Error {
  let status: ReadingStatus
  let pending: ProgressInput
  let note: String?
}

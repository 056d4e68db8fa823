import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one-line prompt on the status line: what it asks for, the text typed so far, and
/// the error of the last try, shown inline so the text can be fixed.
struct BrowserPrompt: Equatable, Sendable {
  /// What the text is for.
  enum Purpose: Equatable, Sendable {
    /// Where the reader is, in `progress set`'s grammar: `120`, `45%`, `+20`, `done`.
    case progress
    /// A note at the current position.
    case note
    /// Tags to add, and with a leading `-` to remove.
    case tag
    /// A rating, `0` to clear.
    case rate
    /// How progress on a finished or abandoned book goes on: `r` a re-read, `c` the last
    /// reading; the progress given, and its note, wait in `pending` and `note`.
    case reread(pending: ProgressInput, note: String?)
  }

  let purpose: Purpose
  /// The question, as shown before the text.
  let label: String
  /// The book it acts on, fixed when it opened.
  let bookID: Int64
  var text = ""
  /// Why the last submitted text was refused.
  var error: String?
  /// Whether the text was submitted and its write is in flight: the prompt shows
  /// "Saving…", and keys wait for the write (they may answer what it asks next).
  var isSaving = false

  /// Whether a single key answers, without Enter.
  var isChoice: Bool {
    switch purpose {
    case .reread: true
    default: false
    }
  }

  /// Applies an editing key (see ``TextField``); a note is one line here, and the editor
  /// (Ctrl-E) takes longer text.
  ///
  /// - Returns: Whether the key edits the text.
  mutating func edit(_ key: Key) -> Bool {
    var field = TextField(text: text)
    guard field.edit(key) else { return false }
    text = field.text
    error = nil
    return true
  }
}

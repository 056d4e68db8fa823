/// The draft the progress editor works on, as in seed 004: a value owned by the command that
/// presents the editor, never by the model.
public struct EditorConfig: Sendable, Equatable {
  public var isEditorPresented = false
  public var note = ""
  /// A fraction from 0 to 1.
  public var progress: Double = 0

  public init() {}

  /// Prepares a fresh draft starting at the book's current progress.
  ///
  /// - Parameter initialProgress: The fraction the draft starts from.
  public mutating func present(initialProgress: Double) {
    progress = initialProgress
    note = ""
    isEditorPresented = true
  }
}

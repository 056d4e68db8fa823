import Observation

/// The prompt on the status line. While open it takes every key: its own (Esc, Enter,
/// Ctrl-E), a choice's answer, and text; what it asks for (a write, the editor) the model
/// does.
@MainActor
@Observable
final class PromptLine: BrowserComponent {
  /// The prompt open; `nil` when none is.
  var prompt: BrowserPrompt?

  /// Takes every key while a prompt is open.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: `.passed` while no prompt is open.
  func handle(_ key: Key) -> Handled {
    guard var prompt else { return .passed }
    switch BrowserKeyMap.action(for: key, in: .prompt)?.prompt {
    case .cancel:
      self.prompt = nil
      return .handled(.prompt(.cancel))
    case .submit where !prompt.isChoice: return .request(.prompt(.submit))
    case .editor where prompt.purpose == .note: return .request(.prompt(.editor))
    case .submit, .editor, .answer, nil:
      if prompt.isChoice {
        guard case .character(let character) = key else { return .handled(nil) }
        return .request(.prompt(.answer(character)))
      }
      if prompt.edit(key) { self.prompt = prompt }
      return .handled(nil)
    }
  }
}

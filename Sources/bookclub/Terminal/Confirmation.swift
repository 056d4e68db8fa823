#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Asks a yes-or-no question at the terminal; anything but yes is no.
@MainActor
enum Confirmation {
  /// Whether to go ahead with something that cannot be undone: yes with `--force`, else
  /// the person's answer at the terminal.
  ///
  /// - Throws: ``DecisionError/needsForce(_:)`` when there is no terminal to ask at.
  static func confirm(_ question: String, force: Bool, context: CommandContext) throws -> Bool {
    if force { return true }
    guard context.terminal.isInputTerminal else { throw DecisionError.needsForce(question) }
    guard ask(question, on: context.errors) else {
      context.errors.line("Kept.")
      return false
    }
    return true
  }

  static func ask(_ question: String, on errors: TextOutput) -> Bool {
    errors.write(question + " [y/N] ")
    errors.flush()
    guard let answer = readLine() else { return false }
    return ["y", "yes"].contains(answer.trimmingWhitespace().lowercased())
  }
}

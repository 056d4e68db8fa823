import Foundation

/// Asks a yes-or-no question at the terminal; anything but yes is no.
@MainActor
enum Confirmation {
  static func ask(_ question: String, on errors: TextOutput) -> Bool {
    errors.write(question + " [y/N] ")
    errors.flush()
    guard let answer = readLine() else { return false }
    return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }
}

/// A destructive command run where nobody can be asked.
enum ConfirmationError: Error, LocalizedError {
  /// Not at a terminal, and `--force` not given.
  case needsForce(String)

  var errorDescription: String? {
    switch self {
    case .needsForce(let question):
      "\(question) There is no terminal to ask at; pass --force to do it anyway."
    }
  }
}

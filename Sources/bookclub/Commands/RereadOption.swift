import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--reread` / `--no-reread`: what progress on a finished or abandoned book means. At a
/// terminal bookclub asks when neither is given; elsewhere one of them must be.
enum RereadOption {
  static let reread = OptionSpec.flag(
    "reread", help: "For a finished or abandoned book: this is a re-read, a new reading.")
  static let noReread = OptionSpec.flag(
    "no-reread", help: "For a finished or abandoned book: the last reading goes on.")

  static let specs = [reread, noReread]

  /// The choice on the command line, if any.
  ///
  /// - Throws: ``UsageError`` when both are given.
  static func value(in values: ParsedValues) throws(UsageError) -> ReadingState.Reread? {
    switch (values.flag(reread), values.flag(noReread)) {
    case (true, true):
      throw .invalidValue(
        "--reread --no-reread", for: "--reread", allowed: "Give one of them, not both.")
    case (true, false): return .reread
    case (false, true): return .sameReading
    case (false, false): return nil
    }
  }

  /// Runs `write` with `choice`, and when the book turns out to need one and there is a
  /// terminal, asks and runs it again.
  ///
  /// - Throws: ``DecisionError/rereadUndecided(_:status:)`` where nobody can be asked.
  @MainActor @discardableResult
  static func resolving<T>(
    _ choice: ReadingState.Reread?, book: Book, context: CommandContext,
    _ write: (ReadingState.Reread?) async throws -> T
  ) async throws -> T {
    do {
      return try await write(choice)
    } catch let undecided as ReadingState.RereadUndecided {
      guard context.terminal.isInputTerminal else {
        throw DecisionError.rereadUndecided(book.title, status: undecided.status)
      }
      let question =
        "“\(book.shownTitle)” is \(undecided.status.displayName). Is this a re-read, a new reading?"
      let answer = Confirmation.ask(question, on: context.errors)
      return try await write(answer ? .reread : .sameReading)
    }
  }
}

import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Parses a command line, runs the command, and reports errors the way DESIGN.md section 5
/// says: usage errors with the usage line and exit 64, failures with exit 1.
@MainActor
struct CommandRunner {
  let root: any ParsableCommand.Type
  let version: String
  let context: CommandContext

  /// Runs `arguments` (without the program name) and returns the exit status.
  func run(_ arguments: [String]) async -> ExitCode {
    defer {
      context.output.flush()
      context.errors.flush()
    }
    let outcome: CommandParser.Outcome
    do {
      outcome = try CommandParser(root: root).parse(arguments)
    } catch {
      return report(error.error, path: error.path)
    }
    switch outcome {
    case .version:
      context.output.line(version)
      return .success
    case .completionScript(let shell):
      context.output.write(CompletionScript.script(for: shell, name: root.signature.name))
      return .success
    case .complete(let words):
      let request = CompletionRequest(words: words.isEmpty ? [""] : words, root: root)
      context.output.write(await CompletionAnswer.answer(request, context: context).text)
      return .success
    case .help(let path):
      context.output.write(HelpFormatter(path: path, width: context.terminal.width).help)
      return .success
    case .run(let command, let path):
      var context = self.context
      context.commandPath = path
      defer { context.printNotices() }
      if path.commands.allSatisfy({ $0.warnsAboutSettings }) { context.warnAboutSettings() }
      do {
        try await command.run(context)
        try context.output.checkWritten()
        return .success
      } catch let ending as CommandEnding {
        return ending.status
      } catch let error as UsageError {
        return report(error, path: path)
      } catch let error as ProgressInputError {
        // A progress value that does not fit the book is a usage error: nothing was written.
        return report(.invalidProgress(error.errorDescription ?? "\(error)"), path: path)
      } catch let error as DecisionError {
        context.output.flush()
        context.errors.line(Self.safe("Error: " + (error.errorDescription ?? "\(error)")))
        return .needsDecision
      } catch is CancellationError {
        return .interrupted
      } catch let error as BookReferenceError {
        // Named with the command line, so the example is the command to run.
        context.output.flush()
        context.errors.line(Self.safe("Error: " + error.message(commandLine: arguments)))
        return .failure
      } catch {
        context.output.flush()
        context.errors.line(Self.safe("Error: " + error.explanation))
        return .failure
      }
    }
  }

  /// A message for the terminal: it may quote the command line, paths and titles, so each
  /// of its lines is made safe.
  static func safe(_ message: String) -> String {
    TerminalText.safeLines(message).joined(separator: "\n")
  }

  func report(_ error: UsageError, path: CommandPath) -> ExitCode {
    context.output.flush()
    let usage = HelpFormatter(path: path, width: context.terminal.width).usage
    context.errors.line(Self.safe("Error: " + (error.errorDescription ?? "\(error)")))
    context.errors.line("Usage: " + usage)
    context.errors.line("  See '\(path.displayName) --help' for more information.")
    return .usage
  }
}

import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Bookclub {
  /// `bookclub browse`: the library full screen.
  struct Browse: ParsableCommand {
    static let commandName = "browse"
    static let signature = CommandSignature(
      name: commandName,
      abstract: "Browse your library full screen: page, search, open a book, log progress.",
      discussion: "Needs a terminal; scripts use 'bookclub list'. The keys (? lists them on "
        + "screen):\n" + BrowserKeyHelp.paragraphs,
      options: [LibraryOption.spec]
    )

    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      guard context.terminal.isInputTerminal, context.terminal.isOutputTerminal else {
        throw BrowseError.notATerminal
      }
      let term = context.environment["TERM"] ?? ""
      guard !term.isEmpty, term != "dumb" else { throw BrowseError.dumbTerminal }
      let library = context.library(flag: libraryPath)
      let session = BrowserSession(context: context, library: library)
      let ending = await session.run()
      // A write still under way when the wait ran out is never passed over in silence.
      if !session.savedEverything { context.errors.line(BrowseError.unsaved.explanation) }
      // Ended by a signal or a hang-up: exit as the signal would have.
      switch ending {
      case .quit: if !session.savedEverything { throw CommandEnding(status: .failure) }
      case .terminated: throw CommandEnding(status: .terminated)
      case .hungUp: throw CommandEnding(status: .hungUp)
      }
    }
  }
}

/// Why `bookclub browse` cannot start, or ended short of saving.
enum BrowseError: Error, LocalizedError {
  /// stdin or stdout is not a terminal.
  case notATerminal
  /// `TERM` is `dumb` or unset: the screen cannot be drawn.
  case dumbTerminal
  /// A change was still being saved when the browser ended.
  case unsaved

  var errorDescription: String? {
    switch self {
    case .notATerminal:
      "browse needs a terminal for its input and output. In scripts and pipes use 'bookclub list'."
    case .dumbTerminal:
      "browse needs a terminal that can move the cursor, and TERM says this one cannot "
        + "(it is dumb or unset). Use 'bookclub list', or set TERM (TERM=xterm-256color)."
    case .unsaved:
      "A change was still being saved when the browser ended, and it may not have been kept "
        + "(the library stayed locked). Check the book with 'bookclub show'."
    }
  }
}

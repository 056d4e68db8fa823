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

/// `bookclub`: the root command. It only groups the subcommands, each in its own file under
/// `Commands/` as an extension of this type.
@main
struct Bookclub: CommandGroup {
  nonisolated static let version = "0.1.0"

  static let signature = CommandSignature(
    name: "bookclub",
    abstract: "Keep your library, log reading progress with notes, and see where you stand.",
    subcommands: [
      List.self, Browse.self, Add.self, Show.self, Status.self, Progress.self, Note.self, Edit.self,
      Rate.self, Review.self, Tag.self, Untag.self, Tags.self, Series.self, Edition.self, Next.self,
      Mood.self, Highlights.self, Quote.self, Session.self, Read.self, Ingest.self,
      Remove.self,
      Restore.self,
      Trash.self,
      Select.self, Settings.self, Club.self, Sync.self, Stats.self, Goal.self, Lookup.self,
      Cover.self, Covers.self, Import.self, Export.self, Hardcover.self,
      Undo.self, Redo.self, Check.self, Repair.self, Demo.self,
    ]
  )

  /// Bare `bookclub`: at a terminal, where you stand and the commands to go on with;
  /// elsewhere (a script, a pipe), the help as before.
  func run(_ context: CommandContext) async throws {
    guard context.terminal.isOutputTerminal else {
      context.output.write(
        HelpFormatter(path: context.commandPath, width: context.terminal.width).help)
      return
    }
    try await StatusOverview.print(
      library: context.library(flag: nil), json: false, context: context)
    context.output.line("")
    context.output.line(
      """
      Common commands:
        bookclub browse                   your library full screen: search, open, log
        bookclub list                     your books, a page at a time
        bookclub progress set <book> 120  record where you are (a page, 45%, +20 or done)
        bookclub note add <book> <text>   write a note at your current page
        bookclub show <book>              one book: readings, pace, notes and history
        bookclub add <title> -a <author>  add a book; 'bookclub import' brings a library
      See 'bookclub --help' for every command.
      """)
  }

  #if canImport(CDispatchMainQueue)
    static func main() {
      MainThreadLoop.run { await start() }
    }
  #else
    static func main() async {
      exit(await start())
    }
  #endif

  /// Runs the command line and returns the exit status.
  @MainActor private static func start() async -> Int32 {
    // A reader that goes away is an EPIPE that TextOutput ends on quietly (exit 141), not
    // a signal in the middle of a write.
    signal(SIGPIPE, SIG_IGN)
    let context = CommandContext.live(environment: ProcessEnvironment.current())
    let terminal = context.terminal
    if terminal.isInputTerminal || terminal.isOutputTerminal || terminal.isErrorTerminal {
      InterruptHandler.install()  // a person may press Ctrl-C mid-output or mid-spinner
    }
    let runner = CommandRunner(root: Bookclub.self, version: version, context: context)
    let status: ExitCode
    do {
      status = await runner.run(try RawArguments.read())
    } catch {
      status = runner.report(error, path: CommandPath(commands: [Bookclub.self]))
    }
    return status.rawValue
  }
}

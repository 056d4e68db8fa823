import Foundation
import ReadingModel

/// `bookclub`: the root command. It only groups the subcommands, each in its own file under
/// `Commands/` as an extension of this type.
@main
struct Bookclub: CommandGroup {
  static let version = "0.1.0"

  static let signature = CommandSignature(
    name: "bookclub",
    abstract: "Keep your library, log reading progress with notes, and see where you stand.",
    subcommands: [
      List.self, Add.self, Show.self, Status.self, Progress.self, Note.self, Edit.self,
      Rate.self, Tag.self, Untag.self, Tags.self, Remove.self, Restore.self, Trash.self,
      Select.self, Settings.self, Import.self, Export.self, Check.self, Repair.self, Demo.self,
    ]
  )

  static func main() async {
    InterruptHandler.install()
    let context = CommandContext.live(environment: ProcessInfo.processInfo.environment)
    let runner = CommandRunner(root: Bookclub.self, version: version, context: context)
    let status: ExitCode
    do {
      status = await runner.run(try RawArguments.read())
    } catch {
      status = runner.report(error, path: CommandPath(commands: [Bookclub.self]))
    }
    exit(status.rawValue)
  }
}

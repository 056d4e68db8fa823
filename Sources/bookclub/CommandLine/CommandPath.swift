/// The commands from the root to the one being run: `bookclub list` is `[Bookclub, List]`.
struct CommandPath: Sendable {
  var commands: [any ParsableCommand.Type]

  @MainActor var leaf: any ParsableCommand.Type { commands[commands.count - 1] }
  @MainActor var signature: CommandSignature { leaf.signature }

  /// `bookclub list`
  @MainActor var displayName: String {
    commands.map { $0.signature.name }.joined(separator: " ")
  }

  @MainActor func appending(_ command: any ParsableCommand.Type) -> CommandPath {
    CommandPath(commands: commands + [command])
  }
}

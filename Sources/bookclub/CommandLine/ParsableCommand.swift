/// A command of the `bookclub` tree: it declares its signature, is built from parsed values,
/// and runs.
@MainActor
protocol ParsableCommand: Sendable {
  static var signature: CommandSignature { get }

  /// The word that runs the command: its signature's name. The parser matches words
  /// against it for every subcommand of a group, so a command whose signature is costly to
  /// make (`browse`, whose help is drawn from the key table) names itself without it.
  static var commandName: String { get }

  /// Whether a settings file that cannot be used is a warning before the command runs
  /// (defaults apply). The settings commands say no: they fail instead, naming the problem,
  /// and so do the commands under them.
  static var warnsAboutSettings: Bool { get }

  /// Builds the command from what the parser read.
  ///
  /// - Throws: ``UsageError`` when a value is not acceptable (exit 64).
  init(_ values: ParsedValues) throws(UsageError)

  /// Does the command's work.
  ///
  /// - Throws: ``UsageError`` for usage problems found late, any other error for failures.
  func run(_ context: CommandContext) async throws
}

extension ParsableCommand {
  static var commandName: String { signature.name }
  static var warnsAboutSettings: Bool { true }
}

/// A command that only groups subcommands: run bare, it prints its help.
@MainActor
protocol CommandGroup: ParsableCommand {
  init()
}

extension CommandGroup {
  init(_ values: ParsedValues) throws(UsageError) { self.init() }

  func run(_ context: CommandContext) async throws {
    context.output.write(
      HelpFormatter(path: context.commandPath, width: context.terminal.width).help)
  }
}

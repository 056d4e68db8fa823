import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

extension Bookclub {
  /// `bookclub hardcover login|logout|status`: the token for Hardcover's API.
  struct Hardcover: CommandGroup {
    static let signature = CommandSignature(
      name: "hardcover",
      abstract: "Keep your library and your Hardcover account in step.",
      discussion: """
        Log in once with a token (hardcover.app, Settings, Hardcover API); it is kept in \
        $XDG_CONFIG_HOME/bookclub/hardcover-token, readable by you alone, and is never \
        printed or put on a command line, where other users' 'ps' would show it. Then \
        'pull' brings your Hardcover library in through the import's merge, and 'push' \
        sends what changed here since the last sync. Both keep to Hardcover's limit of 60 \
        requests a minute.
        """,
      subcommands: [Login.self, Logout.self, Status.self, Pull.self, Push.self])
  }
}

extension Bookclub.Hardcover {
  /// `bookclub hardcover login [--token-file FILE]`
  struct Login: ParsableCommand {
    static let tokenFile = OptionSpec.value(
      "token-file", valueName: "file",
      help: "Read the token from this file (yours alone to read); else it is asked for.",
      completion: .file)

    static let signature = CommandSignature(
      name: "login",
      abstract: "Check a Hardcover token with Hardcover and keep it.",
      discussion: """
        At a terminal the token is asked for and not shown as you paste it. It is kept only \
        once Hardcover has taken it.
        """,
      options: [tokenFile])

    let tokenFile: String?

    init(_ values: ParsedValues) throws(UsageError) {
      tokenFile = values.string(Self.tokenFile)
    }

    func run(_ context: CommandContext) async throws {
      let token: String
      if let tokenFile {
        token = try HardcoverToken.read(
          from: UserFolder.absolute(tokenFile, environment: context.environment))
      } else {
        guard context.terminal.isInputTerminal, context.terminal.isErrorTerminal else {
          throw UsageError.invalidValue(
            "", for: Self.tokenFile.display,
            allowed: "There is no terminal to ask the token at: give --token-file FILE.")
        }
        let settings = TerminalSettings.of(STDIN_FILENO)
        settings?.withoutEcho.apply(to: STDIN_FILENO)
        // Echo comes back however the prompt ends (Ctrl-C, SIGTERM, a closed terminal).
        InterruptHandler.endOnTerminationToo()
        let restore = InterruptHandler.cleanUpOnInterrupt { settings?.apply(to: STDIN_FILENO) }
        let typed = await TerminalLine.ask("Hardcover API token (not shown): ", on: context.errors)
        settings?.apply(to: STDIN_FILENO)
        InterruptHandler.forgetCleanup(restore)
        context.errors.line("")
        guard let typed, !typed.isEmpty else { throw HardcoverError.noToken }
        token = typed
      }
      let kept = HardcoverToken(environment: context.environment)
      // Checked from a file of the new token beside the kept one, then put in its place.
      let trial = HardcoverToken(path: kept.path + ".new")
      let name = try InterruptHandler.cleaningUp(
        { try? trial.forget() },
        {
          defer { try? trial.forget() }
          try trial.keep(HardcoverToken.header(token))
          return try HardcoverAPI(environment: context.environment).username(
            tokenFile: trial.path)
        })
      try kept.keep(HardcoverToken.header(token))
      context.output.line("Logged in to Hardcover as \(TerminalText.safe(name)).")
    }
  }

  /// `bookclub hardcover logout`
  struct Logout: ParsableCommand {
    static let signature = CommandSignature(
      name: "logout", abstract: "Forget the Hardcover token.")

    init(_ values: ParsedValues) throws(UsageError) {}

    func run(_ context: CommandContext) async throws {
      let token = HardcoverToken(environment: context.environment)
      guard token.isKept else { return context.errors.line("No Hardcover token was kept.") }
      try token.forget()
      context.output.line("Forgot the Hardcover token.")
    }
  }

  /// `bookclub hardcover status`
  struct Status: ParsableCommand {
    static let signature = CommandSignature(
      name: "status", abstract: "Say whose Hardcover account the kept token reaches.")

    init(_ values: ParsedValues) throws(UsageError) {}

    func run(_ context: CommandContext) async throws {
      let token = try HardcoverToken(environment: context.environment).checkedPath()
      let name = try HardcoverAPI(environment: context.environment).username(tokenFile: token)
      context.output.line("Logged in to Hardcover as \(TerminalText.safe(name)).")
    }
  }
}

/// The word a shell is completing, placed in the command tree the way the parser would place
/// it: a subcommand, an option, an option's value, or a positional argument.
@MainActor
struct CompletionRequest {
  /// What the word being typed can be.
  enum Slot: Equatable {
    /// A subcommand of the group reached, or one of its options.
    case subcommand
    /// An option of the command reached.
    case option
    /// The value of an option or argument: what its declaration says completes it.
    case value(CompletionKind)
  }

  /// The command the words reach.
  let path: CommandPath
  let slot: Slot
  /// The word being typed, without an `--option=` in front of it.
  let current: String
  /// Put back in front of each candidate: `--sort=` when the value was typed inline.
  let inlinePrefix: String
  /// Positional values typed before the current word, in order.
  let positionals: [String]
  /// `--library <path>` when it was typed, so candidates come from that library.
  let libraryPath: String?
  /// The words are `help` and the commands it is asked about: only subcommands follow.
  let isHelp: Bool

  /// Places the last of `words` (the command line after the program name; the last word is
  /// the one being typed and may be empty).
  init(words: [String], root: any ParsableCommand.Type) {
    var path = CommandPath(commands: [root])
    let typed = words.dropLast()
    isHelp = typed.first == "help"
    var index = typed.startIndex + (isHelp ? 1 : 0)
    while index < typed.endIndex,
      let next = path.signature.subcommands.first(where: { $0.signature.name == typed[index] })
    {
      path = path.appending(next)
      index += 1
    }
    self.path = path
    let current = ShellQuoting.unquote(words.last ?? "")
    let leaf = Self.scan(typed[index...], options: path.signature.options)
    positionals = leaf.positionals
    libraryPath = leaf.libraryPath
    let shellOption = HelpFormatter.completionOption
    if isHelp {
      (slot, self.current, inlinePrefix) = (.subcommand, current, "")
    } else if path.commands.count == 1, typed.last == "--" + shellOption.long {
      (slot, self.current, inlinePrefix) = (.value(shellOption.completion), current, "")
    } else if !path.signature.subcommands.isEmpty {
      (slot, self.current, inlinePrefix) =
        (current.hasPrefix("-") ? .option : .subcommand, current, "")
    } else if let pending = leaf.pendingOption {
      (slot, self.current, inlinePrefix) = (.value(pending.completion), current, "")
    } else if !leaf.afterTerminator, current.hasPrefix("--"),
      let equals = current.firstIndex(of: "="),
      let option = path.signature.options.first(where: { "--" + $0.long == current[..<equals] })
    {
      let prefix = String(current[...equals])
      (slot, self.current, inlinePrefix) =
        (.value(option.completion), String(current.dropFirst(prefix.count)), prefix)
    } else if !leaf.afterTerminator, current.hasPrefix("-") {
      (slot, self.current, inlinePrefix) = (.option, current, "")
    } else {
      let argument = Self.argument(at: leaf.positionals.count, in: path.signature.arguments)
      (slot, self.current, inlinePrefix) = (.value(argument?.completion ?? .none), current, "")
    }
  }

  /// What the typed words of a leaf command hold.
  private struct Scan {
    var positionals: [String] = []
    var libraryPath: String?
    /// An option that still waits for its value: the current word is that value.
    var pendingOption: OptionSpec?
    var afterTerminator = false
  }

  private static func scan(_ words: ArraySlice<String>, options: [OptionSpec]) -> Scan {
    var scan = Scan()
    for word in words {
      if let option = scan.pendingOption {
        if option.long == LibraryOption.spec.long { scan.libraryPath = word }
        scan.pendingOption = nil
      } else if scan.afterTerminator || !CommandParser.isOptionLike(word) {
        scan.positionals.append(word)
      } else if word == "--" {
        scan.afterTerminator = true
      } else if let option = options.first(where: {
        "--" + $0.long == word || $0.short.map { "-\($0)" } == word
      }), option.takesValue {
        scan.pendingOption = option
      } else if word.hasPrefix("--" + LibraryOption.spec.long + "=") {
        scan.libraryPath = String(word.dropFirst(LibraryOption.spec.long.count + 3))
      }
    }
    return scan
  }

  /// The argument the `position`-th positional value goes to; a repeating argument takes
  /// every value from its place on.
  private static func argument(at position: Int, in arguments: [ArgumentSpec]) -> ArgumentSpec? {
    if position < arguments.count { return arguments[position] }
    return arguments.last(where: \.isRepeating)
  }
}

import ReadingModel

/// Reads a command line against the command tree, swift-argument-parser style.
@MainActor
struct CommandParser {
  /// What the command line asks for.
  enum Outcome {
    case run(any ParsableCommand, CommandPath)
    case help(CommandPath)
    case version
    case completionScript(CompletionShell)
    /// The hidden `__complete <words...>` the completion scripts call.
    case complete([String])
  }

  /// The hidden command completion scripts call: not in help, and its words are not parsed.
  static let completeCommand = "__complete"

  let root: any ParsableCommand.Type

  /// Parses the arguments after the program name.
  ///
  /// - Throws: ``CommandLineError`` carrying the path reached, for the usage line.
  func parse(_ arguments: [String]) throws(CommandLineError) -> Outcome {
    var path = CommandPath(commands: [root])
    var tokens = arguments[...]
    // Walk down the groups: each leading word names a subcommand.
    while !path.signature.subcommands.isEmpty {
      guard let token = tokens.first else { break }
      if token == "--help" || token == "-h" { return .help(path) }
      if token == "--version", path.commands.count == 1 { return .version }
      if path.commands.count == 1, token == Self.completeCommand {
        return .complete(Array(tokens.dropFirst()))
      }
      if path.commands.count == 1, token.hasPrefix("--generate-completion-script") {
        return .completionScript(try completionShell(Array(tokens), path: path))
      }
      if path.commands.count == 1, token == "help" {
        return .help(try helpPath(Array(tokens.dropFirst()), from: path))
      }
      // Names are read up to the one matching: a command's name comes from its signature,
      // which each command builds the first time it is asked.
      let subcommands = path.signature.subcommands
      let match = subcommands.first(where: { $0.commandName == token })
      // A group with arguments of its own (`goal [year]`) takes what names no subcommand;
      // one with options of its own (`next --json`) takes an option.
      if match == nil, !path.signature.arguments.isEmpty { break }
      if match == nil, token.hasPrefix("-"), !path.signature.options.isEmpty { break }
      guard let next = match else {
        let names = subcommands.map { $0.commandName }
        let error: UsageError =
          token.hasPrefix("-")
          ? .unknownOption(token, suggestion: nil)
          : .unexpectedArgument(token, suggestion: Suggestion.closest(to: token, in: names))
        throw CommandLineError(error: error, path: path)
      }
      path = path.appending(next)
      tokens = tokens.dropFirst()
    }
    do {
      guard let values = try Self.values(Array(tokens), for: path.signature) else {
        return .help(path)
      }
      return .run(try path.leaf.init(values), path)
    } catch {
      throw CommandLineError(error: error, path: path)
    }
  }

  /// Reads `--generate-completion-script bash` (or `=bash`).
  private func completionShell(_ tokens: [String], path: CommandPath) throws(CommandLineError)
    -> CompletionShell
  {
    let option = HelpFormatter.completionOption
    let (name, inline) = Self.split(tokens[0])
    guard name == "--" + option.long else {
      throw CommandLineError(
        error: .unknownOption(name, suggestion: "--" + option.long), path: path)
    }
    guard let value = inline ?? tokens.dropFirst().first else {
      throw CommandLineError(error: .missingValue(option: option.display), path: path)
    }
    guard let shell = CompletionShell(rawValue: value) else {
      let allowed = "Please provide one of 'bash', 'zsh' or 'fish'."
      throw CommandLineError(
        error: .invalidValue(value, for: option.display, allowed: allowed), path: path)
    }
    if let extra = tokens.dropFirst(inline == nil ? 2 : 1).first {
      throw CommandLineError(error: .unexpectedArgument(extra, suggestion: nil), path: path)
    }
    return shell
  }

  /// Resolves `bookclub help list ...` to the command whose help is asked for.
  private func helpPath(_ words: [String], from start: CommandPath) throws(CommandLineError)
    -> CommandPath
  {
    var path = start
    for word in words {
      let subcommands = path.signature.subcommands
      guard let next = subcommands.first(where: { $0.commandName == word }) else {
        let names = subcommands.map { $0.commandName }
        throw CommandLineError(
          error: .unexpectedArgument(word, suggestion: Suggestion.closest(to: word, in: names)),
          path: path)
      }
      path = path.appending(next)
    }
    return path
  }

  /// Reads options, flags and arguments for a leaf command.
  ///
  /// - Returns: The values, or `nil` when help was asked for.
  static func values(_ tokens: [String], for signature: CommandSignature) throws(UsageError)
    -> ParsedValues?
  {
    var values = ParsedValues(signature: signature)
    var positionals: [String] = []
    var index = 0
    var afterTerminator = false
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      if afterTerminator || !isOptionLike(token) {
        positionals.append(token)
        continue
      }
      if token == "--" {
        afterTerminator = true
        continue
      }
      if token == "--help" || token == "-h" { return nil }
      let (name, inlineValue) = split(token)
      guard let spec = find(name, in: signature.options) else {
        let longs = signature.options.map { "--" + $0.long } + ["--help"]
        let suggestion = name.hasPrefix("--") ? Suggestion.closest(to: name, in: longs) : nil
        throw .unknownOption(name, suggestion: suggestion)
      }
      guard spec.takesValue else {
        if inlineValue != nil { throw .flagWithValue(option: spec.display) }
        values.flags.insert(spec.long)
        continue
      }
      var value: String
      if let inlineValue {
        value = inlineValue
      } else if index < tokens.count,
        !isOptionLike(tokens[index])
          || (tokens[index] != "--" && find(split(tokens[index]).0, in: signature.options) == nil
            && tokens[index] != "--help" && tokens[index] != "-h")
      {
        // A value may start with `-` when it names no option: `--at -2024-01-01` is then a
        // bad date, not a missing value.
        value = tokens[index]
        index += 1
      } else {
        throw .missingValue(option: spec.display)
      }
      if let canonical = spec.valueAliases[value.lowercased()] { value = canonical }
      if let allowed = spec.allowedValues, !allowed.contains(value) {
        throw .invalidValue(value, for: spec.display, allowed: allowedList(allowed, typed: value))
      }
      values.options[spec.long, default: []].append(value)
    }
    try assign(positionals, to: signature.arguments, in: &values)
    for spec in signature.options where spec.isRequired && values.options[spec.long] == nil {
      throw .missingArgument(spec.display)
    }
    return values
  }

  /// Gives positional values to arguments in order. An optional argument takes a value only
  /// when enough remain for the required ones after it, so `progress set 45%` leaves the
  /// optional `<book>` out and gives `45%` to `<value>`, and `tag classics` gives
  /// `classics` to `<name>`.
  private static func assign(
    _ positionals: [String], to specs: [ArgumentSpec], in values: inout ParsedValues
  ) throws(UsageError) {
    var remaining = positionals[...]
    for (index, spec) in specs.enumerated() {
      // A repeating argument that is not optional needs one value at least.
      let requiredAfter = specs[(index + 1)...].filter { !$0.isOptional }.count
      if spec.isRepeating {
        values.arguments[spec.name] = Array(remaining.dropLast(requiredAfter))
        remaining = remaining.suffix(requiredAfter)
      } else if spec.isOptional {
        if remaining.count > requiredAfter {
          values.arguments[spec.name] = [remaining.removeFirst()]
        }
      } else if let value = remaining.popFirst() {
        values.arguments[spec.name] = [value]
      } else {
        throw .missingArgument(spec.display)
      }
    }
    guard let extra = remaining.first else { return }
    // `progress set dune messiah 50%`: the words before the ones the other arguments take
    // are probably one title typed without quotes.
    if specs.first?.completion == .book, !specs.contains(where: \.isRepeating) {
      let titleWords = positionals.prefix(positionals.count - specs.count + 1)
      throw .splitTitle(extra, title: titleWords.joined(separator: " "))
    }
    throw .unexpectedArgument(extra, suggestion: nil)
  }

  /// Options start with `-`; a lone `-`, negative numbers (`-5`) and times back (`-0:10`)
  /// are values.
  static func isOptionLike(_ token: String) -> Bool {
    guard token.hasPrefix("-"), token.count > 1 else { return false }
    return Double(token) == nil && AudioLength.seconds(in: String(token.dropFirst())) == nil
  }

  private static func split(_ token: String) -> (String, String?) {
    guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
    return (String(token[..<equals]), String(token[token.index(after: equals)...]))
  }

  private static func find(_ name: String, in options: [OptionSpec]) -> OptionSpec? {
    if name.hasPrefix("--") { return options.first { "--" + $0.long == name } }
    return options.first { $0.short.map { "-\($0)" } == name }
  }

  /// `Did you mean 'title'? Please provide one of 'id', 'title' or 'author'.`
  ///
  /// - Parameter typed: The value given, for the suggestion of a close one.
  static func allowedList(_ values: [String], typed: String? = nil) -> String {
    let quoted = values.map { "'\($0)'" }
    let list =
      quoted.count > 1
      ? quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
      : quoted.joined()
    let suggestion = typed.flatMap { Suggestion.closest(to: $0.lowercased(), in: values) }
    return (suggestion.map { "Did you mean '\($0)'? " } ?? "") + "Please provide one of \(list)."
  }
}

/// A usage error and the command it concerns, for the `Usage:` and `See ...` lines.
struct CommandLineError: Error {
  let error: UsageError
  let path: CommandPath
}

/// Help and usage text generated from a command's signature, laid out as
/// swift-argument-parser does: section labels, entries indented 2, abstracts at column 26.
@MainActor
struct HelpFormatter {
  let path: CommandPath
  /// The width to wrap to.
  let width: Int

  private static let abstractColumn = 26
  private static let helpOption = OptionSpec.flag(
    "help", short: "h", help: "Show help information.")
  private static let versionOption = OptionSpec.flag("version", help: "Show the version.")
  static let completionOption = OptionSpec.value(
    "generate-completion-script", valueName: "shell",
    help: "Print a completion script for bash, zsh or fish.",
    allowedValues: CompletionShell.allCases.map(\.rawValue))

  private var signature: CommandSignature { path.signature }
  private var isRoot: Bool { path.commands.count == 1 }

  /// `bookclub list [--limit <limit>] ...` without the `USAGE:` label.
  var usage: String {
    let name = path.displayName
    if !signature.subcommands.isEmpty, signature.arguments.isEmpty {
      return "\(name) <subcommand>"
    }
    let options = signature.options.map { option in
      let text = option.display + (option.isRepeating ? " ..." : "")
      return option.isRequired ? text : "[\(text)]"
    }
    let arguments = signature.arguments.map { $0.isOptional ? "[\($0.display)]" : $0.display }
    let own = ([name] + arguments + options).joined(separator: " ")
    // A group that also runs by itself (`goal [<year>]`) shows both ways to use it.
    return signature.subcommands.isEmpty ? own : own + "\n       \(name) <subcommand>"
  }

  /// The whole help page, ending with a newline.
  var help: String {
    var sections = [wrap("OVERVIEW: " + signature.abstract, startColumn: 0, indent: 0)]
    if let discussion = signature.discussion {
      sections.append(wrap(discussion, startColumn: 0, indent: 0))
    }
    sections.append(wrap("USAGE: " + usage, startColumn: 0, indent: 7))
    if !signature.arguments.isEmpty {
      sections.append(section("ARGUMENTS:", signature.arguments.map { ($0.display, $0.help) }))
    }
    let options =
      signature.options + (isRoot ? [Self.versionOption, Self.completionOption] : [])
      + [Self.helpOption]
    sections.append(section("OPTIONS:", options.map { ($0.helpLabel, optionHelp($0)) }))
    if !signature.subcommands.isEmpty {
      let entries = signature.subcommands.map { ($0.signature.name, $0.signature.abstract) }
      sections.append(section("SUBCOMMANDS:", entries))
      sections.append(
        "  See '\(path.commands[0].signature.name) help <subcommand>' for detailed help.")
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  private func optionHelp(_ option: OptionSpec) -> String {
    var text = option.help
    if let allowed = option.allowedValues, !text.contains(allowed[0]) {
      text += " (values: \(allowed.joined(separator: ", ")))"
    }
    if let value = option.defaultValue { text += " (default: \(value))" }
    return text
  }

  private func section(_ title: String, _ entries: [(label: String, text: String)]) -> String {
    let column = Self.abstractColumn
    let lines = entries.map { entry -> String in
      let label = "  " + entry.label
      let text = wrap(entry.text, startColumn: column, indent: column)
      if DisplayWidth.of(label) < column - 1 {
        return TerminalText.padded(label, to: column) + text
      }
      return label + "\n" + String(repeating: " ", count: column) + text
    }
    return title + "\n" + lines.joined(separator: "\n")
  }

  /// Wraps each paragraph of `text` at word boundaries to ``width``.
  ///
  /// - Parameters:
  ///   - startColumn: Where the first line begins; it is not padded here.
  ///   - indent: Where continuation lines begin; they are padded to it.
  private func wrap(_ text: String, startColumn: Int, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    let limit = max(width, indent + 20)
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      paragraph -> String in
      var lines: [String] = []
      var line = ""
      var column = startColumn
      for word in paragraph.split(separator: " ") {
        if !line.isEmpty, column + DisplayWidth.of(line) + 1 + DisplayWidth.of(word) > limit {
          lines.append(line)
          line = ""
          column = indent
        }
        line += (line.isEmpty ? "" : " ") + word
      }
      lines.append(line)
      return lines.joined(separator: "\n" + pad)
    }
    return paragraphs.joined(separator: "\n" + (indent > 0 ? pad : ""))
  }
}

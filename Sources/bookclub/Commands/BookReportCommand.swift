/// A command that prints what it knows about one book, as text or, with `--json`, as JSON:
/// `show`, `progress show`, `note list`.
@MainActor
protocol BookReportCommand: ParsableCommand {
  /// Memberwise: the command's two stored properties.
  init(target: BookTarget, json: Bool)
}

extension BookReportCommand {
  init(_ values: ParsedValues) throws(UsageError) {
    self.init(target: BookTarget(values), json: values.flag(CommonOptions.anyJSON))
  }

  /// The signature every such command has: `[<book>] [--json] [--library <path>]`.
  static func reportSignature(name: String, abstract: String, json: String) -> CommandSignature {
    CommandSignature(
      name: name, abstract: abstract, arguments: [BookTarget.argument],
      options: [CommonOptions.json(json), LibraryOption.spec])
  }
}

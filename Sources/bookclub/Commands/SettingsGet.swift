import ReadingModel

extension Bookclub.Settings {
  /// `bookclub settings get <key>`
  struct Get: ParsableCommand {
    static let signature = CommandSignature(
      name: "get",
      abstract: "Print one setting's value.",
      arguments: [Bookclub.Settings.keyArgument]
    )

    let key: SettingKey

    init(_ values: ParsedValues) throws(UsageError) {
      key = try Bookclub.Settings.key(values)
    }

    func run(_ context: CommandContext) async throws {
      let settings = try Bookclub.Settings.store(context).load()
      context.output.line(settings.value(key).description)
    }
  }
}

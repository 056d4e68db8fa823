import ReadingModel

extension Bookclub.Settings {
  /// `bookclub settings list`
  struct List: ParsableCommand {
    static let signature = CommandSignature(
      name: "list",
      abstract: "List every setting: value, default and what it does.",
      options: [CommonOptions.json("Print JSON: an array of {key, value, default, description}.")]
    )

    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      json = values.flag(CommonOptions.anyJSON)
    }

    func run(_ context: CommandContext) async throws {
      let settings = try Bookclub.Settings.store(context).load()
      if json {
        let rows = SettingKey.allCases.map { key in
          JSONValue.object([
            "key": .string(key.rawValue),
            "value": settings.value(key).json,
            "default": key.defaultValue.json,
            "description": .string(key.summary),
          ])
        }
        context.output.line(JSONValue.array(rows).text)
        return
      }
      let colors = context.terminal.colorsOutput
      context.output.line(
        TextStyle.bold.apply("  KEY            VALUE   DEFAULT  DESCRIPTION", enabled: colors))
      for key in SettingKey.allCases {
        let value = settings.value(key)
        let changed = value != key.defaultValue
        let mark = changed ? TextStyle.yellow.apply("*", enabled: colors) : " "
        context.output.line(
          "\(mark) \(TerminalText.padded(key.rawValue, to: 13))  \(TerminalText.padded(value.description, to: 6))  "
            + "\(TerminalText.padded(key.defaultValue.description, to: 7))  \(key.summary)")
      }
      if SettingKey.allCases.contains(where: { settings.value($0) != $0.defaultValue }) {
        context.errors.line("* differs from the default")
      }
    }
  }
}

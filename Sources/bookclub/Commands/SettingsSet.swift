import ReadingModel

extension Bookclub.Settings {
  /// `bookclub settings set <key> <value>`
  struct Set: ParsableCommand {
    static let signature = CommandSignature(
      name: "set",
      abstract: "Change one setting.",
      arguments: [
        Bookclub.Settings.keyArgument,
        value,
      ]
    )

    static let value = RequiredArgument(
      name: "value", help: "The new value; 'settings list' shows what each takes.",
      completion: .settingValue)

    let key: SettingKey
    let value: SettingValue

    init(_ values: ParsedValues) throws(UsageError) {
      key = try Bookclub.Settings.key(values)
      let text = values.argument(Self.value)
      do {
        value = try key.parse(text)
      } catch {
        throw .invalidValue(text, for: key.rawValue, allowed: "Use \(key.allowed).")
      }
    }

    func run(_ context: CommandContext) async throws {
      let key = self.key
      let value = self.value
      try Bookclub.Settings.store(context).update { $0.set(key, to: value) }
      context.output.line(value.description)
    }
  }
}

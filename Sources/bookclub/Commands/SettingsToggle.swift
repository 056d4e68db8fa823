import ReadingModel

extension Bookclub.Settings {
  /// `bookclub settings toggle <key>`
  struct Toggle: ParsableCommand {
    static let signature = CommandSignature(
      name: "toggle",
      abstract: "Flip a true-or-false setting and print its new value.",
      arguments: [key]
    )

    static let key = RequiredArgument(
      name: "key", help: Bookclub.Settings.keyArgument.help,
      completion: .settingKey(booleanOnly: true))

    let key: SettingKey

    init(_ values: ParsedValues) throws(UsageError) {
      key = try Bookclub.Settings.key(values, Self.key)
      guard key.kind == .boolean else {
        let booleans = SettingKey.allCases.filter { $0.kind == .boolean }.map(\.rawValue)
        throw .invalidValue(
          key.rawValue, for: "<key>",
          allowed: "Only true-or-false settings toggle (\(booleans.joined(separator: ", "))); "
            + "use 'bookclub settings set \(key.rawValue) <value>'.")
      }
    }

    func run(_ context: CommandContext) async throws {
      let key = self.key
      let settings = try Bookclub.Settings.store(context).update { settings in
        settings.set(key, to: .bool(settings.value(key) != .bool(true)))
      }
      context.output.line(settings.value(key).description)
    }
  }
}

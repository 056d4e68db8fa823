import ReadingModel

extension Bookclub.Settings {
  /// `bookclub settings reset [<key>]`
  struct Reset: ParsableCommand {
    static let signature = CommandSignature(
      name: "reset",
      abstract: "Put one setting, or all of them, back to the default.",
      discussion: "Resetting all settings asks first at a terminal; elsewhere it needs --force.",
      arguments: [keyArgument],
      options: [CommonOptions.force("Reset all settings without asking.")]
    )

    static let keyArgument = OptionalArgument(
      name: "key", help: "The setting to reset; all of them when omitted.",
      completion: .settingKey(booleanOnly: false))

    let key: SettingKey?
    let force: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      key = try values.argument(Self.keyArgument).map(Bookclub.Settings.key(named:))
      force = values.flag(CommonOptions.anyForce)
    }

    func run(_ context: CommandContext) async throws {
      let store = Bookclub.Settings.store(context)
      _ = try store.load()  // an unreadable file fails here, before anyone is asked
      guard let key else { return try resetAll(store, context) }
      try store.update { $0.reset(key) }
      context.output.line(key.defaultValue.description)
    }

    private func resetAll(_ store: SettingsStore, _ context: CommandContext) throws {
      let question = "Reset every setting to its default?"
      guard try Confirmation.confirm(question, force: force, context: context) else { return }
      try store.update { $0.resetAll() }
      context.errors.line("Every setting is back to its default.")
    }
  }
}

import ReadingModel

extension Bookclub {
  /// `bookclub settings`: small preferences, kept apart from the library.
  struct Settings: CommandGroup {
    static let signature = CommandSignature(
      name: "settings",
      abstract: "See and change bookclub's settings.",
      discussion: """
        Settings live in a JSON file under $XDG_CONFIG_HOME/bookclub (~/.config/bookclub); \
        keys bookclub does not know are kept as they are.
        """,
      subcommands: [List.self, Get.self, Set.self, Toggle.self, Reset.self]
    )

    /// The settings commands fail on a settings file they cannot use; a warning first would
    /// say the same twice.
    static let warnsAboutSettings = false

    static let keyArgument = RequiredArgument(
      name: "key", help: SettingKey.allCases.map(\.rawValue).joined(separator: ", ") + ".",
      completion: .settingKey(booleanOnly: false))

    /// The settings file this run uses.
    @MainActor
    static func store(_ context: CommandContext) -> SettingsStore {
      SettingsStore(path: SettingsStore.defaultPath(environment: context.environment))
    }

    /// Reads `<key>`, ignoring case.
    ///
    /// - Parameter argument: The command's `<key>`: ``keyArgument`` or one like it.
    /// - Throws: ``UsageError/unknownSetting(_:suggestion:)`` naming the closest key.
    static func key(_ values: ParsedValues, _ argument: RequiredArgument = keyArgument)
      throws(UsageError) -> SettingKey
    {
      try key(named: values.argument(argument))
    }

    /// The setting `text` names, ignoring case.
    ///
    /// - Throws: ``UsageError/unknownSetting(_:suggestion:)`` naming the closest key.
    static func key(named text: String) throws(UsageError) -> SettingKey {
      if let key = SettingKey.allCases.first(where: {
        $0.rawValue.lowercased() == text.lowercased()
      }) {
        return key
      }
      let names = SettingKey.allCases.map(\.rawValue)
      throw .unknownSetting(text, suggestion: Suggestion.closest(to: text, in: names))
    }
  }
}

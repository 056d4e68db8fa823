import ReadingModel

extension OptionSpec {
  /// A `--status <status>` option: bookclub's four words, shown and completed, and
  /// Goodreads' and StoryGraph's (`to-read`, `currently-reading`, `read`, `dnf`) accepted.
  ///
  /// - Parameters:
  ///   - help: The option's help line.
  ///   - defaultValue: The status when the option is not given, if any.
  static func status(help: String, defaultValue: ReadingStatus? = nil) -> OptionSpec {
    var spec = OptionSpec.value(
      "status", valueName: "status", help: help, defaultValue: defaultValue?.rawValue,
      allowedValues: ReadingStatus.allCases.map(\.rawValue))
    // Aliases are matched lowercased: bookclub's own words too, so `--status Finished` works.
    spec.valueAliases = ReadingStatus.aliases.mapValues(\.rawValue)
    for status in ReadingStatus.allCases { spec.valueAliases[status.rawValue] = status.rawValue }
    return spec
  }
}

/// `--library <path>`: declared by every command that reads or writes the library.
enum LibraryOption {
  static let spec = OptionSpec.value(
    "library", valueName: "path",
    help: "The library file to use. Overrides BOOKCLUB_LIBRARY and the default location.",
    completion: .file)

  static func value(in values: ParsedValues) -> String? { values.string(spec) }
}

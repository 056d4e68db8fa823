/// What a command accepts, declared once: the parser, the help text, the usage line and the
/// error messages are all generated from it.
struct CommandSignature {
  /// The word that selects the command (`list`); the root's is the program name.
  var name: String
  /// One line: what the command does.
  var abstract: String
  /// Paragraphs shown in the command's help after the overview.
  var discussion: String?
  /// Declared through ``RequiredArgument``, ``OptionalArgument`` or ``RepeatingArgument``.
  var arguments: [ArgumentSpec]
  var options: [OptionSpec]
  var subcommands: [any ParsableCommand.Type]

  init(
    name: String, abstract: String, discussion: String? = nil,
    arguments: [any ArgumentDeclaration] = [], options: [OptionSpec] = [],
    subcommands: [any ParsableCommand.Type] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments.map(\.spec)
    self.options = options
    self.subcommands = subcommands
  }
}

/// What a value is, so that shells can complete it (`bookclub __complete`).
enum CompletionKind: Equatable {
  /// Free text: nothing to offer.
  case none
  /// A book of the library: ids, with titles.
  case book
  /// A progress entry: short ids, with notes.
  case entry
  /// A book in the trash.
  case trashed
  /// A tag in use.
  case tag
  /// A tag of the book named by the first argument, else of the selected book.
  case tagOfBook
  /// A series a book of the library is in.
  case series
  /// A setting's key; `booleanOnly` for `toggle`.
  case settingKey(booleanOnly: Bool)
  /// The value of the setting named by the argument before.
  case settingValue
  /// A path in the file system.
  case file
  /// One of these words.
  case words([String])
}

/// A named option (`--limit <limit>`) or flag (`--json`).
struct OptionSpec {
  enum Kind {
    case flag
    /// An option with a value shown as `<valueName>`.
    case value(valueName: String)
  }

  var long: String
  var short: Character?
  var kind: Kind
  var help: String
  /// Shown as `(default: ...)`; the command applies it.
  var defaultValue: String?
  /// When set, any other value is a usage error that lists these.
  var allowedValues: [String]?
  /// Other words accepted for allowed values (not listed, not completed), each read as the
  /// value it maps to: `to-read` for `want`.
  var valueAliases: [String: String] = [:]
  var isRequired = false
  /// May be given more than once; every value is kept.
  var isRepeating = false
  /// What completes its value; the allowed values when there are some.
  var completion: CompletionKind = .none

  static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(long: long, short: short, kind: .flag, help: help)
  }

  static func value(
    _ long: String, short: Character? = nil, valueName: String, help: String,
    defaultValue: String? = nil, allowedValues: [String]? = nil, isRequired: Bool = false,
    isRepeating: Bool = false, completion: CompletionKind = .none
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, kind: .value(valueName: valueName), help: help,
      defaultValue: defaultValue, allowedValues: allowedValues, isRequired: isRequired,
      isRepeating: isRepeating, completion: allowedValues.map(CompletionKind.words) ?? completion)
  }

  var takesValue: Bool {
    if case .value = kind { return true }
    return false
  }

  /// `--limit <limit>` or `--json`: how errors and usage name the option.
  var display: String {
    switch kind {
    case .flag: "--\(long)"
    case .value(let valueName): "--\(long) <\(valueName)>"
    }
  }

  /// `-n, --limit <limit>`: how help labels the option.
  var helpLabel: String {
    (short.map { "-\($0), " } ?? "") + display
  }
}

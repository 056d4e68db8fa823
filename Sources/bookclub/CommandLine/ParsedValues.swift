/// What the parser read for one command, read back through the specs the command declared:
/// `values.integer(Add.pages, in: ...)`. A spec is a value, not a name to spell, so a
/// misspelled option does not compile, and reading one the signature does not declare
/// stops at once (any test of the command fails).
struct ParsedValues {
  let signature: CommandSignature
  var flags: Set<String> = []
  var options: [String: [String]] = [:]
  var arguments: [String: [String]] = [:]

  init(signature: CommandSignature) {
    self.signature = signature
  }

  /// Whether the flag was given.
  func flag(_ spec: OptionSpec) -> Bool { flags.contains(declared(spec)) }

  /// The last value given for the option.
  func string(_ spec: OptionSpec) -> String? { options[declared(spec)]?.last }

  /// Every value given for a repeating option, in order.
  func strings(_ spec: OptionSpec) -> [String] { options[declared(spec)] ?? [] }

  /// The value of a required positional argument: the parser refused a command line
  /// without one, so there is always one.
  func argument(_ argument: RequiredArgument) -> String {
    guard let value = arguments[declared(argument.spec)]?.first else {
      preconditionFailure("'\(signature.name)' was built without its \(argument.display)")
    }
    return value
  }

  /// The value of an optional positional argument, when given.
  func argument(_ argument: OptionalArgument) -> String? {
    arguments[declared(argument.spec)]?.first
  }

  /// Every value of a repeating positional argument, in order.
  func arguments(_ argument: RepeatingArgument) -> [String] {
    arguments[declared(argument.spec)] ?? []
  }

  /// An integer option, checked against `range`.
  ///
  /// - Throws: ``UsageError/invalidValue(_:for:allowed:)`` naming the option and the range.
  func integer(_ spec: OptionSpec, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = string(spec) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw .invalidValue(
        text, for: spec.display,
        allowed: "Please provide a whole number from \(range.lowerBound) to \(range.upperBound).")
    }
    return value
  }

  /// An option whose values the signature lists, as the type they name.
  func choice<T: RawRepresentable>(_ spec: OptionSpec, as type: T.Type) -> T?
  where T.RawValue == String {
    string(spec).flatMap(T.init(rawValue:))
  }

  private func declared(_ spec: OptionSpec) -> String {
    precondition(
      signature.options.contains { $0.long == spec.long },
      "'\(signature.name)' reads --\(spec.long), which its signature does not declare")
    return spec.long
  }

  private func declared(_ spec: ArgumentSpec) -> String {
    precondition(
      signature.arguments.contains {
        $0.name == spec.name && $0.isOptional == spec.isOptional
          && $0.isRepeating == spec.isRepeating
      },
      "'\(signature.name)' reads <\(spec.name)>, which its signature does not declare")
    return spec.name
  }
}

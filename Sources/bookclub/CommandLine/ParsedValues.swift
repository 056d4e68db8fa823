/// What the parser read for one command, with typed accessors whose errors name the option
/// as its signature declares it.
struct ParsedValues {
  let signature: CommandSignature
  var flags: Set<String> = []
  var options: [String: [String]] = [:]
  var arguments: [String: [String]] = [:]

  init(signature: CommandSignature) {
    self.signature = signature
  }

  /// Whether the flag `--long` was given.
  func flag(_ long: String) -> Bool { flags.contains(long) }

  /// The last value given for `--long`.
  func string(_ long: String) -> String? { options[long]?.last }

  /// Every value given for a repeating `--long`, in order.
  func strings(_ long: String) -> [String] { options[long] ?? [] }

  /// The value of the positional argument `name`.
  func argument(_ name: String) -> String? { arguments[name]?.first }

  /// An integer option, checked against `range`.
  ///
  /// - Throws: ``UsageError/invalidValue(_:for:allowed:)`` naming the option and the range.
  func integer(_ long: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = string(long) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw .invalidValue(
        text, for: display(long),
        allowed: "Please provide a whole number from \(range.lowerBound) to \(range.upperBound).")
    }
    return value
  }

  /// An option whose values the signature lists, as the type they name.
  func choice<T: RawRepresentable>(_ long: String, as type: T.Type) -> T?
  where T.RawValue == String {
    string(long).flatMap(T.init(rawValue:))
  }

  /// `--long <value>`, as errors show it.
  func display(_ long: String) -> String {
    signature.options.first { $0.long == long }?.display ?? "--\(long)"
  }
}

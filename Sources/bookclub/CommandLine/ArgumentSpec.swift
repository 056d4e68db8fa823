/// A positional argument as the parser, help and completion see it. A command declares one
/// as a ``RequiredArgument``, an ``OptionalArgument`` or a ``RepeatingArgument``, whose type
/// says what reading it back gives: a required one is a `String`, never missing, because
/// the parser refuses a command line without it.
struct ArgumentSpec {
  /// Shown as `<name>`.
  let name: String
  let help: String
  let isOptional: Bool
  /// Takes every remaining positional value.
  let isRepeating: Bool
  /// What completes it.
  let completion: CompletionKind

  /// Only the declarations below make one, so that each spec has the type it is read by.
  fileprivate init(
    name: String, help: String, isOptional: Bool, isRepeating: Bool, completion: CompletionKind
  ) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
    self.isRepeating = isRepeating
    self.completion = completion
  }

  var display: String { "<\(name)>" + (isRepeating ? " ..." : "") }
}

/// A declared positional argument: what a signature lists, and what a command reads with.
protocol ArgumentDeclaration: Sendable {
  var spec: ArgumentSpec { get }
}

extension ArgumentDeclaration {
  var name: String { spec.name }
  var help: String { spec.help }
  /// `<name>`: how errors and usage name the argument.
  var display: String { spec.display }
}

/// `<name>`: the parser refuses a command line without it ("Missing expected argument", exit
/// 64), so reading it back gives a `String`.
struct RequiredArgument: ArgumentDeclaration {
  let spec: ArgumentSpec

  init(name: String, help: String, completion: CompletionKind = .none) {
    spec = ArgumentSpec(
      name: name, help: help, isOptional: false, isRepeating: false, completion: completion)
  }
}

/// `[<name>]`: read back as `nil` when the command line leaves it out.
struct OptionalArgument: ArgumentDeclaration {
  let spec: ArgumentSpec

  init(name: String, help: String, completion: CompletionKind = .none) {
    spec = ArgumentSpec(
      name: name, help: help, isOptional: true, isRepeating: false, completion: completion)
  }
}

/// `<name> ...`: every remaining positional value, read back as a list that may be empty.
struct RepeatingArgument: ArgumentDeclaration {
  let spec: ArgumentSpec

  /// - Parameter isOptional: Usage shows it in brackets, `[<name> ...]`.
  init(name: String, help: String, isOptional: Bool = false, completion: CompletionKind = .none) {
    spec = ArgumentSpec(
      name: name, help: help, isOptional: isOptional, isRepeating: true, completion: completion)
  }
}

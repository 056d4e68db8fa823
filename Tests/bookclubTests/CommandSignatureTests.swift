import Foundation
import Testing

@testable import bookclub

/// Every command's signature, walked from the root: the rules the parser, help and
/// completion rely on hold for each, and each command with a required argument refuses a
/// command line without it the standard way (end to end, with the real binary).
@MainActor
@Suite struct CommandSignatureTests {
  let home = TestHome()

  /// Every command of the tree, groups included, as the path from the root to it.
  static func everyCommand() -> [CommandPath] {
    var paths: [CommandPath] = []
    var pending = [CommandPath(commands: [Bookclub.self])]
    while let path = pending.popLast() {
      paths.append(path)
      pending += path.signature.subcommands.map { path.appending($0) }
    }
    return paths
  }

  @Test func theTreeHasEveryCommand() {
    let names = Set(Self.everyCommand().map(\.displayName))
    #expect(names.count == Self.everyCommand().count)
    #expect(names.isSuperset(of: ["bookclub", "bookclub progress set", "bookclub club create"]))
  }

  @Test func namesAreWordsAndSubcommandsUnique() {
    for path in Self.everyCommand() {
      let signature = path.signature
      #expect(!signature.name.isEmpty && !signature.name.hasPrefix("-"), "\(path.displayName)")
      #expect(!signature.name.contains(" "), "\(path.displayName)")
      #expect(!signature.abstract.isEmpty, "\(path.displayName)")
      let names = signature.subcommands.map { $0.signature.name }
      #expect(Set(names).count == names.count, "\(path.displayName): \(names)")
      // The parser matches words against the names commands give without their signature.
      #expect(signature.subcommands.map { $0.commandName } == names, "\(path.displayName)")
      // `help` and `__complete` are read before subcommands at the root.
      #expect(!names.contains("help") && !names.contains(CommandParser.completeCommand))
    }
  }

  @Test func argumentsAndOptionsHaveUniqueNamesAndHelp() {
    for path in Self.everyCommand() {
      let signature = path.signature
      let name = path.displayName
      let arguments = signature.arguments.map(\.name)
      #expect(Set(arguments).count == arguments.count, "\(name): \(arguments)")
      let allHaveHelp = signature.arguments.allSatisfy { !$0.help.isEmpty }
      #expect(allHaveHelp, "\(name)")
      let longs =
        signature.options.map(\.long) + ["help"] + (path.commands.count == 1 ? ["version"] : [])
      #expect(Set(longs).count == longs.count, "\(name): \(longs)")
      let shorts = signature.options.compactMap(\.short) + ["h"]
      #expect(Set(shorts).count == shorts.count, "\(name): \(shorts)")
      for option in signature.options {
        #expect(!option.help.isEmpty, "\(name) --\(option.long)")
        if let allowed = option.allowedValues {
          #expect(!allowed.isEmpty, "\(name) --\(option.long)")
          #expect(option.defaultValue.map(allowed.contains) ?? true, "\(name) --\(option.long)")
        }
      }
    }
  }

  /// Values go to arguments in order. Required arguments come before optional ones, except
  /// the first argument, which may default from elsewhere (`[<book>]`: the selected book,
  /// `progress set 45%`); a repeating argument takes what is left, so it comes last.
  @Test func argumentsComeInAnOrderTheParserCanAssign() {
    for path in Self.everyCommand() {
      let arguments = path.signature.arguments
      let name = path.displayName
      for (index, argument) in arguments.enumerated() where !argument.isOptional {
        let optionalBefore = arguments[..<index].dropFirst().contains(where: \.isOptional)
        #expect(!optionalBefore, "\(name): <\(argument.name)> follows an optional argument")
      }
      for argument in arguments.dropLast() {
        #expect(!argument.isRepeating, "\(name): <\(argument.name)> repeats but is not last")
      }
      // A group with arguments of its own takes a word that names no subcommand.
      if !path.signature.subcommands.isEmpty {
        let allOptional = arguments.allSatisfy { $0.isOptional }
        #expect(allOptional, "\(name)")
      }
    }
  }

  @Test func helpRendersEveryArgumentAndOption() {
    for path in Self.everyCommand() {
      let formatter = HelpFormatter(path: path, width: 80)
      let help = formatter.help
      let name = path.displayName
      #expect(help.hasPrefix("OVERVIEW: "), "\(name)")
      #expect(help.contains("USAGE: "), "\(name)")
      #expect(formatter.usage.hasPrefix(name), "\(name)")
      for argument in path.signature.arguments {
        #expect(help.contains(argument.display), "\(name) <\(argument.name)>")
        #expect(formatter.usage.contains(argument.display), "\(name) <\(argument.name)>")
      }
      for option in path.signature.options {
        #expect(help.contains("--\(option.long)"), "\(name) --\(option.long)")
      }
    }
  }

  /// A required argument is read as a `String`: the parser refused a command line without it.
  @Test func theParserRefusesAMissingRequiredArgument() throws {
    let signature = Bookclub.Restore.signature
    #expect(throws: UsageError.missingArgument("<book>")) {
      try CommandParser.values([], for: signature)
    }
    let values = try #require(try CommandParser.values(["3"], for: signature))
    let reference: String = values.argument(Bookclub.Restore.bookArgument)
    #expect(reference == "3")
  }

  /// Each command with a required argument, run without any: the standard message, the
  /// usage line, exit 64, nothing on stdout.
  @Test func everyCommandRefusesAMissingRequiredArgument() async throws {
    let commands = Self.everyCommand().filter { path in
      path.signature.arguments.contains { !$0.isOptional && !$0.isRepeating }
    }
    #expect(commands.count >= 15)
    for path in commands {
      let required = try #require(path.signature.arguments.first { !$0.isOptional })
      let words = path.commands.dropFirst().map { $0.signature.name }
      let result = try await home.bookclub.run(
        words, extraEnvironment: ["BOOKCLUB_LIBRARY": home.path("library.sqlite")])
      let usage = HelpFormatter(path: path, width: 80).usage
      let expected = """
        Error: Missing expected argument '\(required.display)'
        Usage: \(usage)
          See '\(path.displayName) --help' for more information.

        """
      #expect(result.status == 64, "\(path.displayName)")
      #expect(result.stderr == expected, "\(path.displayName)")
      #expect(result.stdout.isEmpty, "\(path.displayName)")
    }
  }

  /// With a settings file that cannot be read, the settings commands (and only they, by
  /// ``ParsableCommand/warnsAboutSettings``) fail naming it instead of warning first.
  @Test func onlyTheSettingsCommandsSkipTheSettingsWarning() async throws {
    let paths = Self.everyCommand().filter { !$0.commands.allSatisfy { $0.warnsAboutSettings } }
    #expect(Set(paths.map(\.displayName)).allSatisfy { $0.hasPrefix("bookclub settings") })
    #expect(paths.count == 1 + Bookclub.Settings.signature.subcommands.count)
    let settingsFile = URL(fileURLWithPath: home.path("config/bookclub/settings.json"))
    try FileManager.default.createDirectory(
      at: settingsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{,".utf8).write(to: settingsFile)
    let got = try await home.bookclub.run(["settings", "get", "color"])
    #expect(got.status == 1)
    #expect(!got.stderr.contains("warning: "), "\(got.stderr)")
    let listed = try await home.bookclub.run(
      ["list"], extraEnvironment: ["BOOKCLUB_LIBRARY": home.path("library.sqlite")])
    #expect(listed.stderr.contains("Using default settings."), "\(listed.stderr)")
  }
}

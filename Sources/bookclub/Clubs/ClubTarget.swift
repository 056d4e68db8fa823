import ReadingModel

/// The club a command acts on: `[club]` (or `--club`), else your only club, in the library
/// `--library` names. What `leave`, `status`, `notes`, `sync` and `pick` share.
struct ClubTarget {
  static let argument = OptionalArgument(
    name: "club", help: "The club's name. Default: your only club.")

  let name: String?
  let libraryPath: String?

  /// Reads the club from `<club>` or, when `option` is given, from `--club`.
  init(_ values: ParsedValues, option: OptionSpec? = nil) {
    if let option {
      name = values.string(option)
    } else {
      name = values.argument(Self.argument)
    }
    libraryPath = LibraryOption.value(in: values)
  }

  /// Finds the club and exchanges events with its folder: yours out (and, with `pushing`,
  /// through git), the others' in. Lines skipped as unreadable become warnings.
  ///
  /// - Returns: The membership and the library.
  @MainActor
  func open(in context: CommandContext, pushing: Bool) async throws
    -> (ClubMembership, any Library & ClubLibrary)
  {
    let library = context.library(flag: libraryPath)
    await ClubAutoSync.reportProblems(library, context: context)
    let membership = try await Bookclub.Club.membership(name, in: library)
    let problems = try await Bookclub.Club.exchange(
      membership, library: library, context: context, pushing: pushing)
    for problem in problems { context.notices.push(problem, level: .warning) }
    return (membership, library)
  }
}

import ReadingModel

extension Bookclub {
  /// `bookclub redo`: puts back the change `undo` took back last.
  struct Redo: ParsableCommand {
    static let signature = CommandSignature(
      name: "redo",
      abstract: "Redo the change 'bookclub undo' took back last.",
      discussion: """
        Puts back what the last undo took back, until a new change is made. Shows it and \
        asks first at a terminal; elsewhere it needs --force.
        """,
      options: [
        CommonOptions.force("Redo without asking."), ChangeReport.json, LibraryOption.spec,
      ]
    )

    let options: ChangeReport.Options

    init(_ values: ParsedValues) throws(UsageError) {
      options = ChangeReport.Options(values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: options.libraryPath)
      guard let change = try await library.changeToRedo() else {
        throw LibraryError.nothingToRedo
      }
      try await ChangeReport.confirmAndApply(
        change, asking: "Redo", telling: "Redid", options: options, context: context
      ) { try await context.writer(for: library).redo(expecting: $0) }
    }
  }
}

import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub remove <book>`: to the trash, for 30 days.
  struct Remove: ParsableCommand {
    static let signature = CommandSignature(
      name: "remove",
      abstract: "Move a book, with its entries and notes, to the trash for 30 days.",
      discussion:
        "Asks first at a terminal; elsewhere it needs --force. 'bookclub restore' brings it back.",
      arguments: [BookTarget.required],
      options: [
        CommonOptions.force("Remove without asking."),
        CommonOptions.json("Print JSON: the trash item, as 'trash --json' lists it."),
        LibraryOption.spec,
      ]
    )

    let target: BookTarget
    let force: Bool
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(requiring: values)
      force = values.flag(CommonOptions.anyForce)
      json = values.flag(CommonOptions.anyJSON)
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      let question = "Move “\(book.shownTitle)” (\(book.id)) to the trash? It stays there 30 days."
      guard try Confirmation.confirm(question, force: force, context: context) else { return }
      let trashed = try await context.writer(for: library).apply(.removeBook(book.id, at: Date()))
        .trashed()
      context.output.line(json ? Trash.jsonItem(trashed).text : String(trashed.trashID))
      context.errors.line(
        "Moved “\(book.shownTitle)”"
          + (trashed.entries == 0
            ? "" : " and its \(trashed.entries) \(trashed.entries == 1 ? "entry" : "entries")")
          + " to the trash. "
          + "To bring it back: bookclub restore \(trashed.trashID)")
    }
  }
}

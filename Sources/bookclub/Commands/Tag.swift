import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub tag <book> <name>...`
  struct Tag: ParsableCommand {
    static let signature = TagChange.signature(
      name: "tag", abstract: "Add tags to a book (case and accents do not make another tag).")

    let change: TagChange

    init(_ values: ParsedValues) throws(UsageError) {
      change = try TagChange(values, adding: true)
    }

    func run(_ context: CommandContext) async throws { try await change.run(context) }
  }

  /// `bookclub untag <book> <name>...`
  struct Untag: ParsableCommand {
    static let signature = TagChange.signature(
      name: "untag", abstract: "Take tags off a book.", adding: false)

    let change: TagChange

    init(_ values: ParsedValues) throws(UsageError) {
      change = try TagChange(values, adding: false)
    }

    func run(_ context: CommandContext) async throws { try await change.run(context) }
  }

  /// `bookclub tags`: every tag with how many books have it.
  struct Tags: ParsableCommand {
    static let signature = CommandSignature(
      name: "tags",
      abstract: "List the tags in use, with how many books have each.",
      options: [CommonOptions.json("Print JSON: [{\"tag\", \"books\"}]."), LibraryOption.spec]
    )

    let options: ReportOptions
    private var json: Bool { options.json }
    private var libraryPath: String? { options.libraryPath }

    init(_ values: ParsedValues) throws(UsageError) {
      options = ReportOptions(values)
    }

    func run(_ context: CommandContext) async throws {
      let tags = try await context.library(flag: libraryPath).tags()
      if json {
        context.output.line(
          JSONValue.array(
            tags.map { .object(["tag": .string($0.tag), "books": .integer(Int64($0.books))]) }
          ).text)
        return
      }
      guard !tags.isEmpty else {
        context.errors.line("No tags yet. Add one: bookclub tag <book> <name>")
        return
      }
      let width = tags.map { DisplayWidth.of(TerminalText.safe($0.tag)) }.max() ?? 0
      for tag in tags {
        let name = TerminalText.safe(tag.tag)
        context.output.line(
          TerminalText.padded(name, to: width + 2) + "\(tag.books)")
      }
    }
  }
}

/// What `tag` and `untag` share: `[<book>] <name>...` (one word alone is a tag of the
/// selected book), and the change to the book's tags.
struct TagChange {
  static let names = RepeatingArgument(
    name: "name", help: "A tag; several may follow.", completion: .tag)
  /// `untag` offers the book's own tags.
  static let namesOfBook = RepeatingArgument(
    name: "name", help: "A tag; several may follow.", completion: .tagOfBook)

  static func signature(name: String, abstract: String, adding: Bool = true) -> CommandSignature {
    CommandSignature(
      name: name, abstract: abstract,
      arguments: [BookTarget.argument, adding ? names : namesOfBook],
      options: [CommonOptions.json("Print JSON: {\"book\", \"changes\"}."), LibraryOption.spec])
  }

  let target: BookTarget
  let tags: [String]
  let adding: Bool
  let json: Bool

  init(_ values: ParsedValues, adding: Bool) throws(UsageError) {
    target = BookTarget(values)
    tags = values.arguments(Self.names).map(\.collapsingSpaces).filter { !$0.isEmpty }
    guard !tags.isEmpty else { throw .missingArgument(Self.names.display) }
    self.adding = adding
    json = values.flag(CommonOptions.anyJSON)
  }

  @MainActor
  func run(_ context: CommandContext) async throws {
    let (book, library) = try await target.resolve(in: context, writing: true)
    let (tags, adding) = (self.tags, self.adding)
    let had = adding ? [] : try await library.details(of: book.id).tags
    let result = try await context.writer(for: library).apply(
      .edit(book.id, .tags(adding: adding ? tags : [], removing: adding ? [] : tags))
    ).edited()
    let missing = tags.filter { tag in !had.contains { SearchKey.fold($0) == SearchKey.fold(tag) } }
    guard adding || json || missing.isEmpty else {
      if result.changes.isEmpty == false { EditReport.print(result, json: false, context: context) }
      let quoted = missing.map { "'\(TerminalText.safe($0))'" }.joined(separator: ", ")
      let left = had.filter { tag in !tags.contains { SearchKey.fold($0) == SearchKey.fold(tag) } }
      let kept =
        left.isEmpty
        ? "it has no tags" : "its tags: " + left.map(TerminalText.safe).joined(separator: ", ")
      context.errors.line(
        "“\(book.shownTitle)” has no tag \(quoted) (\(kept)); 'bookclub tags' lists them all.")
      return
    }
    EditReport.print(result, json: json, context: context)
  }
}

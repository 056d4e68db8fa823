import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Next {
  /// `bookclub next add <book> [--first | --after <book>]`
  struct Add: ParsableCommand {
    static let signature = CommandSignature(
      name: "add", abstract: "Put a book in Up Next: at the end, at the front, or behind another.",
      arguments: [BookTarget.required],
      options: [NextPlace.first, NextPlace.after, NextPlace.json, LibraryOption.spec])

    let change: NextPlace

    init(_ values: ParsedValues) throws(UsageError) {
      change = try NextPlace(values, allowed: [NextPlace.first, NextPlace.after], default: .last)
    }

    func run(_ context: CommandContext) async throws { try await change.run(context) }
  }

  /// `bookclub next move <book> --first | --last | --after <book> | --before <book>`
  struct Move: ParsableCommand {
    static let signature = CommandSignature(
      name: "move", abstract: "Move a book of Up Next to the front, the end, or beside another.",
      arguments: [BookTarget.required],
      options: [
        NextPlace.first, NextPlace.last, NextPlace.after, NextPlace.before, NextPlace.json,
        LibraryOption.spec,
      ])

    let change: NextPlace

    init(_ values: ParsedValues) throws(UsageError) {
      change = try NextPlace(
        values, allowed: [NextPlace.first, NextPlace.last, NextPlace.after, NextPlace.before],
        default: nil)
    }

    func run(_ context: CommandContext) async throws { try await change.run(context) }
  }

  /// `bookclub next remove <book>`
  struct Remove: ParsableCommand {
    static let signature = CommandSignature(
      name: "remove", abstract: "Take a book out of Up Next (the book stays in the library).",
      arguments: [BookTarget.required], options: [NextPlace.json, LibraryOption.spec])

    let change: NextPlace

    init(_ values: ParsedValues) throws(UsageError) {
      change = try NextPlace(values, allowed: [], default: .out)
    }

    func run(_ context: CommandContext) async throws { try await change.run(context) }
  }
}

/// What `next add`, `move` and `remove` share: the book, where it goes, and the change
/// through the writer, then the queue as it is after it.
struct NextPlace {
  static let first = OptionSpec.flag("first", help: "At the front of the queue.")
  static let last = OptionSpec.flag("last", help: "At the end of the queue.")
  static let after = OptionSpec.value(
    "after", valueName: "book", help: "Just behind this book of the queue.", completion: .book)
  static let before = OptionSpec.value(
    "before", valueName: "book", help: "Just in front of this book of the queue.",
    completion: .book)
  static let json = CommonOptions.json("Print JSON: [{\"book\", \"place\"}], the queue after.")

  let target: BookTarget
  /// The place, with the other book still a reference where it is beside one.
  let placement: Placement
  let json: Bool

  enum Placement {
    case fixed(UpNextPlacement)
    case after(String)
    case before(String)
  }

  /// - Parameters:
  ///   - allowed: The place options the command has.
  ///   - default: Where the book goes when none is given; `nil` when one must be.
  init(_ values: ParsedValues, allowed: [OptionSpec], default fallback: UpNextPlacement?)
    throws(UsageError)
  {
    target = BookTarget(requiring: values)
    json = values.flag(CommonOptions.anyJSON)
    var given: [Placement] = []
    if allowed.contains(where: { $0.long == Self.first.long }), values.flag(Self.first) {
      given.append(.fixed(.first))
    }
    if allowed.contains(where: { $0.long == Self.last.long }), values.flag(Self.last) {
      given.append(.fixed(.last))
    }
    if allowed.contains(where: { $0.long == Self.after.long }),
      let other = values.string(Self.after)
    {
      given.append(.after(other))
    }
    if allowed.contains(where: { $0.long == Self.before.long }),
      let other = values.string(Self.before)
    {
      given.append(.before(other))
    }
    let names = allowed.map { "--" + $0.long }
    guard given.count <= 1 else {
      throw .invalidValue(
        "", for: names.joined(separator: ", "), allowed: "Give one place, not several.")
    }
    guard let placement = given.first ?? fallback.map(Placement.fixed) else {
      throw .invalidValue(
        "", for: "<book>", allowed: "Say where: " + names.joined(separator: ", ") + ".")
    }
    self.placement = placement
  }

  @MainActor
  func run(_ context: CommandContext) async throws {
    let (book, library) = try await target.resolve(in: context, writing: true)
    let placement: UpNextPlacement
    switch self.placement {
    case .fixed(let fixed): placement = fixed
    case .after(let other):
      placement = .after(try await BookReference.resolve(other, in: library).id)
    case .before(let other):
      placement = .before(try await BookReference.resolve(other, in: library).id)
    }
    if placement == .out,
      try await !library.upNext(limit: nil).contains(where: { $0.id == book.id })
    {
      throw UpNextCommandError.notQueued(book.shownTitle)
    }
    _ = try await context.writer(for: library).apply(.edit(book.id, .upNext(placement)))
    let queue = try await library.upNext(limit: nil)
    if json { return context.output.line(UpNextReport.json(queue).text) }
    let place = queue.firstIndex { $0.id == book.id }.map { $0 + 1 }
    context.output.line(
      place.map { "“\(book.shownTitle)” is number \($0) of \(queue.count) in Up Next." }
        ?? "“\(book.shownTitle)” is out of Up Next (\(queue.count) left).")
  }
}

/// Why a `next` command could not do what was asked.
enum UpNextCommandError: Error, LocalizedError {
  /// The book to take out is not in the queue.
  case notQueued(String)

  var errorDescription: String? {
    switch self {
    case .notQueued(let title): "“\(title)” is not in Up Next. 'bookclub next' lists the queue."
    }
  }
}

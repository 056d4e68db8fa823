import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub rate <book> <stars>`
  struct Rate: ParsableCommand {
    static let signature = CommandSignature(
      name: "rate",
      abstract: "Rate a book from 0.25 to 5 stars, in quarters; --clear takes the rating away.",
      arguments: [BookTarget.argument, stars],
      options: [
        clear, CommonOptions.json("Print JSON: {\"book\", \"changes\"}."), LibraryOption.spec,
      ]
    )

    static let stars = OptionalArgument(name: "stars", help: "0.25 to 5: 4, 4.5, 3.75.")
    static let clear = OptionSpec.flag("clear", help: "Take the rating away.")

    let target: BookTarget
    let rating: Rating?
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      json = values.flag(CommonOptions.anyJSON)
      let clears = values.flag(Self.clear)
      let given = BookTarget(values)
      var text = values.argument(Self.stars)
      // One word without --clear can only be the stars: the selected book's.
      if text == nil, !clears, let reference = given.reference {
        text = reference
        target = BookTarget(reference: nil, libraryPath: given.libraryPath)
      } else {
        target = given
      }
      switch (text, clears) {
      case (nil, false): throw .missingArgument(Self.stars.display)
      case (_?, true):
        throw .invalidValue(text ?? "", for: "<stars>", allowed: "Give stars or --clear, not both.")
      case (nil, true): rating = nil
      case (let text?, false):
        guard let given = Rating(text) else {
          throw .invalidValue(
            text, for: "<stars>", allowed: "Give stars from 0.25 to 5, in quarters: 4, 3.75.")
        }
        rating = given
      }
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      let result = try await context.writer(for: library).apply(
        .edit(book.id, .rating(rating))
      ).edited()
      if json || result.changes.isEmpty {
        EditReport.print(result, json: json, context: context)
      } else {
        context.output.line(
          "\(result.book.shownTitle): " + (self.rating?.display ?? "not rated"))
      }
    }
  }
}

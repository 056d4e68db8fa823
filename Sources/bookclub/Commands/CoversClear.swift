#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Covers {
  /// `bookclub covers clear`
  struct Clear: ParsableCommand {
    static let signature = CommandSignature(
      name: "clear", abstract: "Remove every cached cover.")

    init(_ values: ParsedValues) throws(UsageError) {}

    func run(_ context: CommandContext) async throws {
      let removed = CoverCache(environment: context.environment).clear()
      context.output.line("Removed \(removed) \(removed == 1 ? "cover" : "covers") from the cache.")
    }
  }
}

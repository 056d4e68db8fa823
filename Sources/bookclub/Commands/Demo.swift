import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub demo`: the sample library, built in a throwaway folder and listed.
  struct Demo: ParsableCommand {
    static let signature = CommandSignature(
      name: "demo",
      abstract: "List a sample library, built in a throwaway folder.",
      discussion: """
        The sample library comes from sample-data/library.json. Your own library and the \
        files in sample-data are never touched. Takes the options of 'bookclub list'.
        """,
      options: ListOptions.specs
    )

    let options: ListOptions

    init(_ values: ParsedValues) throws(UsageError) {
      options = try ListOptions(values)
    }

    func run(_ context: CommandContext) async throws {
      let archive = try SampleLibrary.load(environment: context.environment)
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("bookclub-demo-\(UUID().uuidString)")
      InterruptHandler.deleteOnInterrupt(folder.path)
      defer {
        try? FileManager.default.removeItem(at: folder)
        InterruptHandler.forget(folder.path)
      }
      let library = SQLiteLibrary(path: folder.appendingPathComponent("library.sqlite").path)
      try await library.restore(archive)
      let session = ListSession(
        context: context, library: library, options: options, commandName: "bookclub demo")
      try await session.run()
    }
  }
}

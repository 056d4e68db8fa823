import ImageDecoding
import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub cover [book] [--width N]`
  struct Cover: ParsableCommand {
    static let widthOption = OptionSpec.value(
      "width", valueName: "columns",
      help: "How many columns wide (default 24, at most the terminal's).")

    static let signature = CommandSignature(
      name: "cover",
      abstract: "Show a book's cover in the terminal (kitty, iTerm2, or half blocks).",
      discussion: """
        The cover comes from the cache; with updateArtwork on, a missing one is fetched from \
        Open Library and one older than 30 days checked again. The coverProtocol setting \
        chooses how it is drawn (auto looks at the terminal). Never drawn into a pipe.
        """,
      arguments: [BookTarget.argument], options: [widthOption, LibraryOption.spec])

    let target: BookTarget
    let width: Int

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      width = try values.integer(Self.widthOption, in: 4...400) ?? 24
    }

    func run(_ context: CommandContext) async throws {
      let (book, _) = try await target.resolve(in: context)
      guard let isbn = book.isbn13 else { throw CoverError.noISBN(book.shownTitle) }
      guard context.terminal.isOutputTerminal else { throw CoverError.notATerminal }
      let chosen = context.settings.coverProtocol
      let drawing =
        CoverProtocol(rawValue: chosen)
        ?? CoverProtocol.detect(context.environment, askingTheTerminal: true)
      guard drawing != .none else {
        throw CoverError.noProtocol(insideTmux: CoverProtocol.isInsideTmux(context.environment))
      }
      let bytes = try Self.cachedCover(isbn, of: book, context: context)
      let columns = min(width, context.terminal.width)
      let image = try CoverDecoding.decode(
        bytes, width: CoverDecoding.width(columns, drawing: drawing))
      let rows = max(
        1, Int((image.heightPerWidth * Double(columns) / 2).rounded()))
      switch drawing {
      case .halfblocks:
        for line in HalfBlocks.lines(image, columns: columns) { context.output.line(line) }
      case .kitty:
        // Pixels enough for the cells (about 10 × 20 a cell), never more than the image has.
        let scaled = image.scaled(
          toWidth: min(image.width, columns * 10), height: min(image.height, rows * 20))
        context.output.write(KittyImage.sequence(scaled, columns: columns, rows: rows))
        context.output.write(String(repeating: "\n", count: rows))
      case .iterm:
        context.output.line(ITermImage.sequence(file: bytes, columns: columns, rows: rows))
      case .none: break
      }
    }

    /// The cover's bytes: fetched first when `updateArtwork` is on and it is missing or 30
    /// days old. A failed fetch with a cover cached shows the cached one, and says so.
    ///
    /// - Parameters:
    ///   - timeoutLimit: Seconds to wait for the network at most.
    ///   - fetching: Whether a fetch may be tried at all (`show` tries none for a while
    ///     after Open Library could not be reached).
    /// - Throws: ``CoverError`` when there is no cover to show; the fetch's error when one
    ///   failed with nothing cached.
    static func cachedCover(
      _ isbn: String, of book: Book, context: CommandContext, timeoutLimit: Double? = nil,
      fetching: Bool = true
    ) throws -> [UInt8] {
      let cache = CoverCache(environment: context.environment)
      if fetching, context.settings.updateArtwork, cache.isStale(isbn, now: Date().milliseconds) {
        do {
          _ = try cache.fetch(isbn, now: Date().milliseconds, timeoutLimit: timeoutLimit)
        } catch let error where cache.image(isbn) != nil {
          context.errors.line("Showing the cached cover: \(error.explanation)")
        }
      }
      if cache.entry(isbn)?.missing == true { throw CoverError.noCover(book.shownTitle) }
      guard let bytes = cache.image(isbn) else { throw CoverError.notCached(book.shownTitle) }
      return bytes
    }
  }
}

import Dispatch
import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub covers`: the cover cache.
  struct Covers: CommandGroup {
    static let signature = CommandSignature(
      name: "covers",
      abstract: "Fetch covers from Open Library into the cache, or clear it.",
      discussion: """
        Covers are kept under $XDG_CACHE_HOME/bookclub/covers (default ~/.cache/bookclub/covers) \
        with what Open Library said of them, and checked again after 30 days.
        """,
      subcommands: [Fetch.self, Clear.self])
  }
}

extension Bookclub.Covers {
  /// `bookclub covers fetch [--all | <book>...]`
  struct Fetch: ParsableCommand {
    static let books = ArgumentSpec(
      name: "book", help: "Books to fetch covers for: an id, an ISBN or words of the title.",
      isOptional: true, isRepeating: true, completion: .book)
    static let allFlag = OptionSpec.flag("all", help: "Every book with an ISBN.")

    static let signature = CommandSignature(
      name: "fetch", abstract: "Fetch covers (missing or 30 days old) into the cache.",
      arguments: [books], options: [allFlag, LibraryOption.spec])

    let references: [String]
    let all: Bool
    let libraryPath: String?

    /// Requests at a time: Open Library asks that clients be gentle.
    static let parallel = 4

    init(_ values: ParsedValues) throws(UsageError) {
      references = values.arguments(Self.books)
      all = values.flag(Self.allFlag)
      libraryPath = LibraryOption.value(in: values)
      guard all != !references.isEmpty else {
        throw .missingArgument("<book> ... or --all")
      }
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      var books = all ? try await library.booksWithISBN() : []
      for reference in references {
        let book = try await BookReference.resolve(reference, in: library)
        guard book.isbn13 != nil else {
          throw CoverError.noISBN(book.shownTitle)
        }
        books.append(book)
      }
      let cache = CoverCache(environment: context.environment)
      let now = Date().milliseconds
      let due = books.compactMap(\.isbn13).filter { cache.isStale($0, now: now) }
      let line = context.terminal.isErrorTerminal ? ProgressLine(label: "Covers") : nil
      var counts: [CoverCache.Outcome: Int] = [:]
      var problems: [String] = []
      var done = 0
      // A few at a time, each its own bookclub-fetch: the slowest answer sets the pace.
      for batch in stride(from: 0, to: due.count, by: Self.parallel) {
        try Task.checkCancellation()  // Ctrl-C: what was fetched stays, whole
        let group = Array(due[batch..<min(due.count, batch + Self.parallel)])
        let results = await Self.fetch(group, environment: context.environment, now: now)
        for (isbn, result) in zip(group, results) {
          switch result {
          case .success(let outcome): counts[outcome, default: 0] += 1
          case .failure(let error): problems.append("\(isbn): \(error.explanation)")
          }
        }
        done += group.count
        line?.draw(Double(done) / Double(max(1, due.count)), detail: "\(done) of \(due.count)")
      }
      line?.clear()
      let fetched = counts[.fetched, default: 0]
      let unchanged = counts[.unchanged, default: 0]
      let missing = counts[.noCover, default: 0]
      context.output.line(
        "\(fetched) fetched, \(unchanged) unchanged, \(missing) without a cover, "
          + "\(books.count - due.count) fresh in the cache.")
      for problem in problems.prefix(10) { context.errors.line("Not fetched: " + problem) }
      if !problems.isEmpty { throw CoverError.someFailed(problems.count) }
    }

    /// Fetches covers side by side, each in a task of its own.
    private static func fetch(_ isbns: [String], environment: [String: String], now: Int64) async
      -> [Result<CoverCache.Outcome, any Error>]
    {
      await withTaskGroup(of: (Int, Result<CoverCache.Outcome, any Error>).self) { group in
        for (index, isbn) in isbns.enumerated() {
          group.addTask {
            let cache = CoverCache(environment: environment)
            var result = await Bookclub.Covers.offMain {
              Result { try cache.fetch(isbn, now: now) }
            }
            // Asked to wait: once, as long as asked (at most a minute).
            if case .failure(let error) = result, let busy = error as? LookupError,
              case .busy(let after) = busy
            {
              let seconds = min(60, max(1, after.flatMap { Int($0) } ?? 5))
              try? await Task.sleep(for: .seconds(seconds))
              result = await Bookclub.Covers.offMain { Result { try cache.fetch(isbn, now: now) } }
            }
            return (index, result)
          }
        }
        var results = [Result<CoverCache.Outcome, any Error>](
          repeating: .failure(CancellationError()), count: isbns.count)
        for await (index, result) in group { results[index] = result }
        return results
      }
    }
  }

  /// Runs blocking work (a child process) on a thread of its own, not the cooperative pool's.
  fileprivate static func offMain<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
  }
}

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

/// Why a cover could not be had.
enum CoverError: Error, LocalizedError, Equatable {
  /// The book has no ISBN-13 to ask for.
  case noISBN(String)
  /// Some covers were not fetched.
  case someFailed(Int)
  /// Nothing in the cache and fetching is off.
  case notCached(String)
  /// Open Library has no cover for it.
  case noCover(String)
  /// Not a terminal: a cover is only drawn on one.
  case notATerminal
  /// No way to draw one here.
  case noProtocol

  var errorDescription: String? {
    switch self {
    case .noISBN(let title):
      "“\(title)” has no ISBN-13, which covers are found by. Add one: bookclub edit <book> --isbn <isbn>"
    case .someFailed(let count):
      "\(count) \(count == 1 ? "cover was" : "covers were") not fetched; run it again later."
    case .notCached(let title):
      "No cover of “\(title)” is cached, and updateArtwork is off. Fetch it: bookclub covers fetch <book>"
    case .noCover(let title): "Open Library has no cover of “\(title)”."
    case .notATerminal: "A cover is drawn on a terminal only; stdout is not one."
    case .noProtocol:
      "This terminal shows no pictures that bookclub knows of. In a truecolor terminal: bookclub settings set coverProtocol halfblocks"
    }
  }
}

import Dispatch
import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Covers {
  /// `bookclub covers fetch [--all | <book>...]`
  struct Fetch: ParsableCommand {
    static let books = RepeatingArgument(
      name: "book", help: "Books to fetch covers for: an id, an ISBN or words of the title.",
      isOptional: true, completion: .book)
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
      // The setting's promise: off, the network is never used for covers.
      guard context.settings.updateArtwork else { throw CoverError.fetchingOff }
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
      let environment = context.environment
      // Ctrl-C stops between batches: what was fetched stays, each file whole.
      var tally = try await InterruptHandler.cancellable {
        await Self.fetchAll(due, environment: environment, now: now, line: line)
      }
      tally.fresh = books.count - due.count
      line?.clear()
      context.output.line(tally.summary)
      for problem in tally.problemLines { context.errors.line(problem) }
      if tally.left > 0 {
        context.errors.line(
          "\(tally.left) more \(tally.left == 1 ? "cover was" : "covers were") not asked for; "
            + "what was fetched is kept. Run it again for the rest.")
      }
      if tally.interrupted { throw CancellationError() }
      if tally.failed + tally.left > 0 { throw CoverError.someFailed(tally.failed + tally.left) }
    }

    /// Fetches `due` a batch at a time, drawing progress on `line`; stops early when
    /// cancelled or when the network cannot be reached at all.
    private static func fetchAll(
      _ due: [String], environment: [String: String], now: Int64, line: ProgressLine?
    ) async -> CoverFetchTally {
      var tally = CoverFetchTally()
      var done = 0
      line?.draw(0, detail: "0 of \(due.count)")
      // A few at a time, each its own bookclub-fetch: the slowest answer sets the pace.
      for batch in stride(from: 0, to: due.count, by: parallel) {
        let group = Array(due[batch..<min(due.count, batch + parallel)])
        let results = await fetch(group, environment: environment, now: now)
        let interrupted = Task.isCancelled
        for (isbn, result) in zip(group, results) {
          // Ctrl-C reached the helpers too: their failures are not the covers' fault.
          if interrupted, case .failure = result {
            tally.left += 1
          } else {
            tally.record(isbn, result)
          }
        }
        done += group.count
        line?.draw(Double(done) / Double(max(1, due.count)), detail: "\(done) of \(due.count)")
        if interrupted || CoverFetchTally.networkIsUnreachable(results) {
          tally.interrupted = interrupted
          tally.left += due.count - done
          break
        }
      }
      return tally
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
              let seconds = min(60, max(1, after.flatMap { RetryAfter.seconds($0) } ?? 5))
              try? await Task.sleep(for: .seconds(seconds))
              guard !Task.isCancelled else { return (index, result) }  // Ctrl-C while waiting
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

  /// Runs blocking work (waiting for a child process) on a thread of its own: a queue of its
  /// own gets a thread even when every processor is busy, where the global queue would run
  /// as many at once as there are processors, and four fetches would take turns on two.
  fileprivate static func offMain<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue(label: "bookclub.covers.fetch").async {
        continuation.resume(returning: work())
      }
    }
  }
}

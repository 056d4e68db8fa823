import ReadingModel

extension Bookclub.Hardcover {
  /// `bookclub hardcover push [--dry-run] [--yours] [--json]`
  struct Push: ParsableCommand {
    static let yours = OptionSpec.flag(
      "yours", help: "Where both sides changed since the last sync, send yours.")
    static let dryRun = OptionSpec.flag(
      "dry-run", help: "List what would be sent, book by book; send and change nothing.")

    static let signature = CommandSignature(
      name: "push",
      abstract: "Send what changed here since the last sync to your Hardcover library.",
      discussion: """
        Sends each book's status, rating, readings with their days, and where you are in the \
        read going on (pages, or time in an audiobook), where they changed here since the \
        last pull or push. Books are found on Hardcover by the id a pull, a push or an \
        import of Hardcover's CSV linked, else by ISBN; one Hardcover has not is listed. \
        What changed on Hardcover is left for 'hardcover pull'; what changed on both sides \
        is listed and not sent (--yours sends yours). Ctrl-C stops after the request on its \
        way; what got through is recorded, and the next push sends the rest, each change once.
        """,
      options: [
        yours, dryRun, CommonOptions.json("Print what was sent as JSON on stdout."),
        LibraryOption.spec,
      ])

    let oursWins: Bool
    let dryRun: Bool
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      oursWins = values.flag(Self.yours)
      dryRun = values.flag(Self.dryRun)
      json = values.flag(CommonOptions.anyJSON)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let (api, token) = try HardcoverAPI.loggedIn(environment: context.environment)
      let library = context.library(flag: libraryPath)
      let line = context.terminal.isErrorTerminal ? ProgressLine(label: "Hardcover") : nil
      let oursWins = self.oursWins
      let dryRun = self.dryRun
      let result: (HardcoverPushRun, HardcoverPushRun.Outcome)
      do {
        result = try await InterruptHandler.cancellable {
          let run = try await HardcoverPushRun(
            library: library, api: api, tokenFile: token, oursWins: oursWins
          ) { line?.draw(0, detail: $0) }
          guard !dryRun else { return (run, HardcoverPushRun.Outcome()) }
          let outcome = await run.send { done, all in
            line?.draw(Double(done) / Double(all), detail: "\(done) of \(all) books sent")
          }
          return (run, outcome)
        }
      } catch is CancellationError {
        line?.clear()
        context.errors.line("Push cancelled before anything was sent; nothing was changed.")
        throw CancellationError()
      }
      line?.clear()
      let (run, outcome) = result
      let writer = context.writer(for: library)
      let skipped = try await writer.recordSourceBases(
        outcome.links, source: HardcoverLibrary.source,
        summary:
          "the push of \(outcome.sent.count == 1 ? "1 book" : "\(outcome.sent.count) books") to Hardcover"
      )
      InterruptHandler.ignoreFromNowOn()
      let report = HardcoverPushReport(run: run, outcome: outcome, dryRun: dryRun, skipped: skipped)
      if json {
        context.output.line(report.json.text)
      } else {
        report.print(to: context.errors)
      }
      if let error = outcome.error { throw error }
      if outcome.stopped { throw CancellationError() }
      if !outcome.refused.isEmpty { throw HardcoverError.someRefused(outcome.refused.count) }
    }
  }
}

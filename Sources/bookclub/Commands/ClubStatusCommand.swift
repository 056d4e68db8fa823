import ReadingModel

extension Bookclub.Club {
  /// `bookclub club status [club]`
  struct Status: ParsableCommand {
    static let signature = CommandSignature(
      name: "status",
      abstract: "Where each member is in the club's book: position, pace, estimated finish.",
      discussion: "Reads what the club folder holds now; 'bookclub club sync' fetches first.",
      arguments: [ClubTarget.argument], options: [jsonFlag, LibraryOption.spec])

    static let jsonFlag = CommonOptions.json(
      "Print JSON: {\"book\", \"club\", \"members\": [...], \"pickedAt\", \"pickedBy\", \"sharing\"}."
    )

    let target: ClubTarget
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = ClubTarget(values)
      json = values.flag(Self.jsonFlag)
    }

    func run(_ context: CommandContext) async throws {
      let (membership, library) = try await target.open(in: context, pushing: false)
      let status = try await ClubExchange(library: library).status(membership)
      if json {
        let document = ClubJSON.status(
          status, of: membership, sharing: context.settings.syncProgress)
        return context.output.line(document.text)
      }
      let report = ClubReport(name: membership.name, status: status, memberID: membership.memberID)
      for line in report.lines(colors: context.terminal.colorsOutput) { context.output.line(line) }
      if !context.settings.syncProgress {
        context.errors.line(
          "Sharing is off for you (syncProgress is false): the others do not see your progress. "
            + "Turn it on with: bookclub settings set syncProgress true")
      }
      guard let book = status.book else { return }
      if try await ClubReading.find(book, in: library).book == nil {
        let pages = book.pageCount.map { " --pages \($0)" } ?? ""
        let isbn = book.isbn13.map { " --isbn " + ShellQuoting.quote($0) } ?? ""
        let command =
          "bookclub add " + ShellQuoting.quote(book.title) + " --author "
          + ShellQuoting.quote(book.author) + pages + isbn
        context.errors.line(
          "Your library does not have “\(TerminalText.safe(book.title))”. Add it with: "
            + TerminalText.safe(command))
      }
    }
  }
}

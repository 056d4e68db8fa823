import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub export`: the whole library out.
  struct Export: ParsableCommand {
    static let signature = CommandSignature(
      name: "export",
      abstract:
        "Write the whole library: bookclub's lossless JSON, or another service's CSV.",
      discussion: """
        The bookclub format keeps every book, progress entry, note and detail: importing it \
        into an empty library gives the same library back. The Goodreads and StoryGraph \
        formats can be read by those services and by any tool that imports their exports: \
        Goodreads keeps the latest finish (Date Read) and the read count, StoryGraph every \
        finished reading (Dates Read), Hardcover every reading's days, BookWyrm the newest \
        reading. After an export in their formats, what the file could \
        not keep is listed on stderr (ratings rounded, readings dropped, what the format has \
        no place for); --dry-run lists it without writing.
        """,
      options: [format, output, dryRun, LibraryOption.spec]
    )

    static let format = OptionSpec.value(
      "format", valueName: "format",
      help: "bookclub, goodreads, storygraph, hardcover or bookwyrm.", defaultValue: "bookclub",
      allowedValues: ["bookclub", "goodreads", "storygraph", "hardcover", "bookwyrm"])
    static let dryRun = OptionSpec.flag(
      "dry-run", help: "Write nothing: say what the format would not keep.")
    static let output = OptionSpec.value(
      "output", short: "o", valueName: "file",
      help: "Write to this file (replaced only once complete) instead of stdout.",
      completion: .file)

    /// Books read from the library at a time.
    static let pageSize = 500

    /// Another service's CSV: its header, the writer of a book's row and what its file
    /// loses; `nil` for the bookclub archive.
    let csv:
      (
        header: [String], append: @Sendable (LibraryArchive.Item, inout [UInt8]) -> Void,
        target: ExportLosses.Target
      )?
    let output: String?
    let dryRun: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      switch values.string(Self.format) {
      case "goodreads": csv = (GoodreadsExport.header, GoodreadsExport.append, .goodreads)
      case "storygraph":
        csv = (
          StoryGraphExport.header, { CSVWriter.append(StoryGraphExport.row($0), to: &$1) },
          .storygraph
        )
      case "hardcover":
        csv = (
          HardcoverExport.header, { CSVWriter.append(HardcoverExport.row($0), to: &$1) },
          .hardcover
        )
      case "bookwyrm":
        csv = (
          BookWyrmExport.header, { CSVWriter.append(BookWyrmExport.row($0), to: &$1) },
          .bookwyrm
        )
      default: csv = nil
      }
      dryRun = values.flag(Self.dryRun)
      output = values.string(Self.output)
      if output?.isEmpty == true {
        throw .invalidValue(
          "", for: Self.output.display, allowed: "Please give a file's path.")
      }
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let sink =
        dryRun
        ? nil
        : try ExportSink(
          output.map { UserFolder.absolute($0, environment: context.environment) },
          context: context)
      var archive = LibraryArchive.StreamWriter(
        library: try await library.libraryID(), goals: try await library.goals())
      try sink?.write(csv.map { Data(CSVWriter.line($0.header).utf8) } ?? archive.header())
      var losses = csv.map { ExportLosses(target: $0.target) }
      var lastID: Book.ID?
      var count = 0
      while true {
        let items = try await library.archivePage(after: lastID, limit: Self.pageSize)
        // A page is written at once: one write, not one per book.
        if let csv {
          var bytes: [UInt8] = []
          for item in items {
            let start = bytes.count
            csv.append(item, &bytes)
            losses?.add(item, row: bytes[start...])
          }
          try sink?.write(Data(bytes))
        } else if let sink {
          var data = Data()
          for item in items { data.append(archive.item(item)) }
          try sink.write(data)
        }
        count += items.count
        guard let last = items.last, items.count == Self.pageSize else { break }
        lastID = last.book.id
      }
      if csv == nil { try sink?.write(archive.footer()) }
      try sink?.finish()
      report(count: count, losses: losses, to: context.errors)
    }

    /// Says what was written, and what the format did not keep: never a loss unsaid.
    private func report(count: Int, losses: ExportLosses?, to errors: TextOutput) {
      let books = count == 1 ? "1 book" : "\(count) books"
      let name = losses.map { $0.target.name + " CSV" } ?? "bookclub's format"
      if dryRun {
        errors.line("Dry run: \(books) in \(name); nothing was written.")
      } else if let output {
        errors.line("Exported \(books) to \(TerminalText.safe(output)).")
      }
      guard let losses else { return }
      guard !losses.isEmpty else {
        return errors.line("The \(losses.target.name) file keeps everything these books have.")
      }
      errors.line("What the \(losses.target.name) file does not keep:")
      for line in losses.lines { errors.line("  " + line) }
    }
  }
}

/// Where an export goes: stdout, or a file replaced atomically once the export is whole.
@MainActor
struct ExportSink {
  private let file: AtomicFile.Writer?
  private let output: TextOutput

  init(_ path: String?, context: CommandContext) throws {
    file = try path.map { try AtomicFile.Writer(path: $0) }
    output = context.output
  }

  func write(_ data: Data) throws {
    if let file {
      try file.write(data)
    } else {
      output.write(bytes: [UInt8](data))
      try output.throwIfFailed()  // a full disk stops the export at once
    }
  }

  func finish() throws {
    try file?.commit()
  }
}

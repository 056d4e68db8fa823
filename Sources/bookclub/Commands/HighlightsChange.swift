import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Highlights {
  /// `bookclub highlights export <book> [--format markdown] [-o <file>]`
  struct Export: ParsableCommand {
    static let format = OptionSpec.value(
      "format", valueName: "format", help: "markdown (what Obsidian and Readwise take).",
      defaultValue: "markdown", allowedValues: ["markdown"])
    static let output = OptionSpec.value(
      "output", short: "o", valueName: "file",
      help: "Write to this file (replaced only once complete) instead of stdout.",
      completion: .file)

    static let signature = CommandSignature(
      name: "export", abstract: "Write a book's highlights and quotes as Markdown.",
      arguments: [BookTarget.required], options: [format, output, LibraryOption.spec])

    let target: BookTarget
    let output: String?

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(requiring: values)
      output = values.string(Self.output)
      if output?.isEmpty == true {
        throw .invalidValue("", for: Self.output.display, allowed: "Please give a file's path.")
      }
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context)
      let highlights = try await library.highlights(of: book.id)
      var text = HighlightReport.markdown(highlights, of: book)
      // A file gets the book's text as it is; a terminal never gets a control character.
      if output == nil, context.terminal.isOutputTerminal {
        text = text.split(separator: "\n", omittingEmptySubsequences: false)
          .map { TerminalText.safe(String($0)) }.joined(separator: "\n")
      }
      let sink = try ExportSink(
        output.map { UserFolder.absolute($0, environment: context.environment) }, context: context)
      try sink.write(Data(text.utf8))
      try sink.finish()
      if let output {
        context.errors.line(
          "Exported \(Bookclub.Highlights.count(highlights.count)) of “\(book.shownTitle)” to "
            + "\(TerminalText.safe(output)).")
      }
    }
  }

  /// `bookclub highlights note <id> <text>`
  struct Note: ParsableCommand {
    static let idArgument = RequiredArgument(
      name: "id", help: "The highlight's id, or its first 4 characters or more.")
    static let textArgument = RequiredArgument(name: "text", help: "The note; '' removes it.")

    static let signature = CommandSignature(
      name: "note", abstract: "Write your note on a highlight, or remove it.",
      arguments: [idArgument, textArgument], options: [LibraryOption.spec])

    let id: String
    let text: String
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      id = values.argument(Self.idArgument)
      text = values.argument(Self.textArgument)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      guard let found = try await library.highlight(startingWith: id) else {
        throw HighlightError.notFound(TerminalText.shortened(id, to: 40))
      }
      let note = text.trimmingWhitespace().isEmpty ? nil : text
      _ = try await context.writer(for: library).apply(.setHighlightNote(found.highlight.id, note))
      context.output.line(note == nil ? "The note is removed." : "The note is kept.")
    }
  }

  /// `bookclub highlights remove <id>`
  struct Remove: ParsableCommand {
    static let signature = CommandSignature(
      name: "remove", abstract: "Take a highlight or a quote away ('undo' puts it back).",
      arguments: [Note.idArgument], options: [LibraryOption.spec])

    let id: String
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      id = values.argument(Note.idArgument)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      guard let found = try await library.highlight(startingWith: id) else {
        throw HighlightError.notFound(TerminalText.shortened(id, to: 40))
      }
      _ = try await context.writer(for: library).apply(.removeHighlight(found.highlight.id))
      let text = found.highlight.text.isEmpty ? found.highlight.note ?? "" : found.highlight.text
      context.output.line(
        "Removed “\(TerminalText.shortened(text.split(separator: "\n").joined(separator: " "), to: 60))”."
          + " 'bookclub undo' puts it back.")
    }
  }
}

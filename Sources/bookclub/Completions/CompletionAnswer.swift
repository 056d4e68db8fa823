import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `bookclub __complete` prints: one candidate a line, `word<TAB>description`, then a
/// last line `:files` when the shell should complete a path itself.
///
/// The scripts from `--generate-completion-script` read this; it is documented in the README
/// so other shells can too.
struct CompletionAnswer: Equatable {
  struct Candidate: Equatable {
    var word: String
    var description: String?
  }

  var candidates: [Candidate] = []
  /// The shell completes a path (`import`, `--output`, `--library`).
  var completesFiles = false

  /// The lines to print.
  var text: String {
    var lines = candidates.map { candidate in
      candidate.word + (candidate.description.map { "\t" + $0 } ?? "")
    }
    if completesFiles { lines.append(":files") }
    return lines.map { $0 + "\n" }.joined()
  }
}

@MainActor
extension CompletionAnswer {
  /// How many books or entries a shell is offered at most: more would not be read.
  static let limit = 50

  /// Answers `request`, reading the library when the slot names books, entries or tags.
  ///
  /// Never creates a library; a library that cannot be read offers nothing.
  static func answer(_ request: CompletionRequest, context: CommandContext) async -> Self {
    let typed = request.current
    var answer = CompletionAnswer()
    switch request.slot {
    case .subcommand:
      answer.candidates = request.path.signature.subcommands.map {
        Candidate(word: $0.signature.name, description: $0.signature.abstract)
      }
      if request.path.commands.count == 1, !request.isHelp {
        answer.candidates.append(Candidate(word: "help", description: "Show help for a command."))
      }
    case .option:
      let builtIn =
        request.path.commands.count == 1
        ? ["--version", "--" + HelpFormatter.completionOption.long] : []
      answer.candidates =
        request.path.signature.options.map {
          Candidate(word: "--" + $0.long, description: $0.help)
        } + (builtIn + ["--help"]).map { Candidate(word: $0, description: nil) }
    case .value(.file):
      answer.completesFiles = true
    case .value(.book):
      // The library matched ids and titles (ignoring case, accents and a leading article).
      let books = try? await context.library(flag: request.libraryPath)
        .books(startingWith: typed, limit: limit)
      answer.candidates = bookCandidates(books ?? [], byID: Int64(typed) != nil)
    case .value(.entry):
      let entries = try? await context.library(flag: request.libraryPath)
        .entries(startingWith: typed, limit: limit)
      answer.candidates = (entries ?? []).map(entryCandidate)
    case .value(let kind):
      let library = context.library(flag: request.libraryPath)
      let all =
        (try? await candidates(kind, request: request, library: library, context: context)) ?? []
      answer.candidates = all.filter { SearchKey.fold($0.word).hasPrefix(SearchKey.fold(typed)) }
    }
    if case .subcommand = request.slot {
      answer.candidates = answer.candidates.filter { $0.word.hasPrefix(typed) }
    } else if case .option = request.slot {
      answer.candidates = answer.candidates.filter { $0.word.hasPrefix(typed) }
    }
    answer.candidates = answer.candidates.map {
      Candidate(word: request.inlinePrefix + $0.word, description: $0.description)
    }
    return answer
  }

  /// An entry by its short id, described by its book and its note or position.
  private static func entryCandidate(_ located: LocatedEntry) -> Candidate {
    let entry = located.entry
    let what =
      entry.note.map { ProgressText.oneLine($0) } ?? "\(ProgressBar.percent(entry.progress))%"
    return Candidate(
      word: ProgressText.shortID(entry), description: "book \(located.bookID) · " + what)
  }

  /// The candidates of a kind with few values, before they are matched to the typed word.
  private static func candidates(
    _ kind: CompletionKind, request: CompletionRequest, library: any BookReading & SeriesReading,
    context: CommandContext
  ) async throws -> [Candidate] {
    switch kind {
    case .none, .file, .book, .entry: return []
    case .tagOfBook:
      let named = request.positionals.first
      guard let book = try await book(named: named, request: request, context: context) else {
        return []
      }
      // In the order of every tag's list, as `tag` offers them.
      return try await library.details(of: book.id).tags
        .filter { TerminalText.safe($0) == $0 }.sorted { SearchKey.fold($0) < SearchKey.fold($1) }
        .map { Candidate(word: $0, description: "on book \(book.id)") }
    case .words(let words): return words.map { Candidate(word: $0) }
    case .trashed:
      return try await library.trash(at: Date()).map {
        Candidate(
          word: String($0.trashID),
          description: "book \($0.bookID) · " + TerminalText.safe($0.title))
      }
    case .tag:
      // The word is the tag's exact text, for the shell to quote as it inserts it. Shells
      // print their candidates raw, so a tag that cannot be shown as it is (a control
      // character, an escape sequence from a club member's data) is not offered, as titles
      // that cannot be typed back are not.
      return try await library.tags().filter { TerminalText.safe($0.tag) == $0.tag }.map {
        Candidate(word: $0.tag, description: $0.books == 1 ? "1 book" : "\($0.books) books")
      }
    case .series:
      // As tags are offered: the exact name, and only one that can be shown as it is.
      return try await library.series().filter { TerminalText.safe($0.name) == $0.name }.map {
        Candidate(
          word: $0.name, description: $0.members.count == 1 ? "1 book" : "\($0.members.count) books"
        )
      }
    case .settingKey(let booleanOnly):
      return SettingKey.allCases.filter { !booleanOnly || $0.kind == .boolean }.map {
        Candidate(word: $0.rawValue, description: $0.summary)
      }
    case .settingValue:
      switch request.positionals.first.flatMap(SettingKey.init(rawValue:))?.kind {
      case .boolean: return ["true", "false"].map { Candidate(word: $0) }
      case .choice(let values): return values.map { Candidate(word: $0) }
      case .integer, nil: return []
      }
    }
  }

  /// The book a typed reference names (as the shell gave it, quotes and all), else the
  /// selected book; `nil` when neither names one book.
  private static func book(
    named typed: String?, request: CompletionRequest, context: CommandContext
  ) async throws -> Book? {
    let library = context.library(flag: request.libraryPath)
    if let typed {
      guard case .found(let book) = try await library.find(ShellQuoting.unquote(typed)) else {
        return nil
      }
      return book
    }
    guard let selection = context.selection.load(), selection.library == library.path else {
      return nil
    }
    return try await library.book(id: selection.bookID)
  }

  /// Titles as they can be typed back; a book whose title cannot be (it shares it with
  /// another, holds control characters, or looks like an option) is offered by id, and so is
  /// every book while an id is being typed.
  private static func bookCandidates(_ books: [Book], byID: Bool) -> [Candidate] {
    var titleCounts: [String: Int] = [:]
    for book in books { titleCounts[SearchKey.fold(book.title), default: 0] += 1 }
    return books.map { book in
      let description = "book \(book.id) · " + book.shownAuthors
      let typeable =
        !byID && titleCounts[SearchKey.fold(book.title)] == 1 && book.shownTitle == book.title
        && !book.title.hasPrefix("-")
      return typeable
        ? Candidate(word: book.title, description: description)
        : Candidate(word: String(book.id), description: book.shownTitle + " · " + book.shownAuthors)
    }
  }
}

extension CompletionAnswer.Candidate {
  init(word: String) { self.init(word: word, description: nil) }
}

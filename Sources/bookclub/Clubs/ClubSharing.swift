import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `syncProgress`: after a write has committed, shares it with every club whose current
/// book it is (called only by ``ClubShareObserver``). A club folder that cannot be written is a warning; the events wait
/// in the library and the next command writes them. The library is never rolled back.
@MainActor
enum ClubSharing {
  /// Shares events about `book` when `syncProgress` is on.
  ///
  /// - Parameters:
  ///   - notices: Where to say what happened; the command's own by default (the browser
  ///     shows its notices on its status line).
  ///   - including: Which clubs may get them: a note goes only where it was asked for
  ///     (`--share`) or where notes are shared (`club join --share-notes`).
  ///   - announcing: Push "Shared with …" as a notice of its own; the browser adds it to the
  ///     action's notice instead (one notice shows at a time).
  ///   - asked: The reader asked for it to be shared (`note add --share`): when no club is
  ///     reading the book, that is said.
  /// - Returns: "Shared with …." when every club got the events; problems are notices.
  @discardableResult
  static func share(
    _ kinds: @escaping @Sendable (ClubBook) -> [ClubEvent.Kind], about book: Book,
    library: any ClubLibrary, context: CommandContext, notices: NoticeQueue? = nil,
    announcing: Bool = true,
    including: @escaping @Sendable (ClubMembership) -> Bool = { _ in true }, asked: Bool = false
  ) async -> String? {
    guard context.settings.syncProgress else { return nil }
    let notices = notices ?? context.notices
    await ClubAutoSync.reportProblems(library, context: context, notices: notices)
    do {
      let result = try await ClubExchange(library: library).share(
        kinds, about: book, at: Date().milliseconds, including: including)
      for problem in result.problems {
        notices.push(
          "Not yet shared with \(problem). The next command tries again.", level: .warning)
      }
      ClubAutoSync.start(result.clubs, library: library, context: context, notices: notices)
      if asked, result.clubs.isEmpty {
        let reason = await whyNotShared(book, library: library, context: context)
        notices.push("Not shared: \(reason)", level: .warning)
      }
      guard !result.clubs.isEmpty, result.problems.isEmpty else { return nil }
      let names = result.clubs.map { TerminalText.safe($0.name) }
      let shared = "Shared with \(names.joined(separator: ", "))."
      if announcing { notices.push(shared) }
      return shared
    } catch {
      notices.push("Could not share with your clubs: \(error.explanation)", level: .warning)
      return nil
    }
  }

  /// Why nothing about `book` went to a club: sharing is off, you are in no club, or no
  /// club is reading it (each club's current book is named).
  static func whyNotShared(_ book: Book, library: any ClubLibrary, context: CommandContext)
    async -> String
  {
    guard context.settings.syncProgress else {
      return "syncProgress is off, so nothing goes to your clubs. To share: "
        + "bookclub settings set syncProgress true"
    }
    let clubs = (try? await library.clubs()) ?? []
    guard !clubs.isEmpty else { return "you are in no club." }
    var reading: [String] = []
    for club in clubs {
      let name = TerminalText.safe(club.name)
      let pick = try? await library.clubPick(club.clubID, now: Date().milliseconds)
      reading.append(
        pick.map { "“\(name)” reads “\(TerminalText.safe($0.title))”" }
          ?? "“\(name)” has no book yet")
    }
    return "“\(book.shownTitle)” is no club's current book (\(reading.joined(separator: ", "))), "
      + "and a note is shared only on it. Pick the book first: bookclub club pick <book>"
  }

  /// Whether anything would be shared: `syncProgress` on and a club to share with. A
  /// command checks it before gathering what to share, so a reader in no club pays nothing.
  static func isSharing(_ library: any ClubLibrary, context: CommandContext) async -> Bool {
    guard context.settings.syncProgress else { return false }
    return (try? await library.clubs().isEmpty) == false
  }
}

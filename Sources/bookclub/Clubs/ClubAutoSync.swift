import ReadingModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `clubAutoSync`: after a command shares with a git club, `bookclub club sync` runs for it
/// in the background, so the command's result is not held up by the network; what goes
/// wrong there is recorded in the library and told by the next command that shares or
/// looks at a club.
@MainActor
enum ClubAutoSync {
  /// Set in the environment of a background sync: `club sync` then works quietly and
  /// records the outcome instead of printing it.
  static let environmentKey = "BOOKCLUB_BACKGROUND_SYNC"

  /// Starts a background sync for each of `clubs` that is a git club: one bookclub cloned
  /// or made in a clone (never a folder with a `.git` someone else put there).
  static func start(
    _ clubs: [ClubMembership], library: any ClubLibrary, context: CommandContext,
    notices: NoticeQueue
  ) {
    guard context.settings.clubAutoSync, let program = executable(context) else { return }
    for club in clubs where club.syncsWithGit {
      var environment = context.environment
      environment[environmentKey] = "1"
      do {
        try ChildProcess.startInBackground(
          [program, "club", "sync", club.clubID, "--library", library.path],
          environment: environment)
      } catch {
        notices.push(
          "Could not start syncing “\(TerminalText.safe(club.name))” in the background; "
            + "run 'bookclub club sync'.", level: .warning)
      }
    }
  }

  /// Whether this process is a background sync.
  static func isBackground(_ context: CommandContext) -> Bool {
    context.environment[environmentKey] == "1"
  }

  /// Tells, as warnings, what went wrong in background syncs since the last command told.
  static func reportProblems(
    _ library: any ClubLibrary, context: CommandContext, notices: NoticeQueue? = nil
  ) async {
    guard !isBackground(context), let problems = try? await library.takeClubSyncProblems()
    else { return }
    for (club, problem) in problems {
      let hint = problem.contains("club sync") ? "" : " Run 'bookclub club sync' to try again."
      (notices ?? context.notices).push(
        "The background sync of “\(TerminalText.safe(club))” failed: "
          + TerminalText.safe(problem) + hint, level: .warning)
    }
  }

  /// The running bookclub, to start again for the sync.
  static func executable(_ context: CommandContext) -> String? {
    if let path = RunningExecutable.path() { return path }
    let first = CommandLine.arguments.first ?? ""
    return first.hasPrefix("/") ? first : nil
  }
}

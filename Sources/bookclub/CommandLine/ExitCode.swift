/// The exit statuses of DESIGN.md section 5.
enum ExitCode: Int32 {
  case success = 0
  case failure = 1
  /// A decision only the reader can make is missing and nobody can be asked
  /// (``DecisionError``): `--force`, `--reread`, a book named.
  case needsDecision = 2
  /// The command line could not be understood (sysexits' EX_USAGE).
  case usage = 64
  /// The terminal hung up, or went away (128 + SIGHUP).
  case hungUp = 129
  /// Interrupted with Ctrl-C (128 + SIGINT).
  case interrupted = 130
  /// The reader of a pipe went away (128 + SIGPIPE): ended quietly, as other tools end.
  case closedPipe = 141
  /// Asked to end with SIGTERM (128 + SIGTERM).
  case terminated = 143
}

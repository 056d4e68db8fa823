/// Where books and their progress live: everything a command or the browser reads and
/// writes, as the narrow protocols callers can take instead when they need less. Books,
/// progress and goals are written only through ``ChangeApplying``.
public protocol Library: BookReading, ProgressReading, HighlightReading, ChangeApplying,
  LibraryTransfer
{}

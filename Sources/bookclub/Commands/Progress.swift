extension Bookclub {
  /// `bookclub progress`: record and review where you are in a book.
  struct Progress: CommandGroup {
    static let signature = CommandSignature(
      name: "progress",
      abstract: "Record where you are in a book, and see its history.",
      subcommands: [Set.self, Show.self, Edit.self, Undo.self, Remove.self]
    )
  }
}

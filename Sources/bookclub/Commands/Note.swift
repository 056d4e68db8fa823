extension Bookclub {
  /// `bookclub note`: notes kept with progress entries.
  struct Note: CommandGroup {
    static let signature = CommandSignature(
      name: "note",
      abstract: "Add, list, change and remove the notes on a book's progress.",
      subcommands: [Add.self, List.self, Edit.self, Remove.self]
    )

    /// `<entry-id>`, as `note list` prints it.
    static let entryArgument = RequiredArgument(
      name: "entry-id",
      help: "The entry, by the id 'bookclub note list' prints (or a longer prefix).",
      completion: .entry)
  }
}

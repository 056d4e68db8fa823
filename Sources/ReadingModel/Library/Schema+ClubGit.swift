extension Schema {
  /// Which clubs `club sync` runs git in (README, "Book clubs"): recorded when bookclub
  /// clones a club or makes one in a clone of its own, never guessed from a `.git` that a
  /// member of a club carried by a sync tool could drop into the folder. A club joined
  /// before this was synced with git when its folder had a `.git` of its own; that stays so.
  static let clubGit = Migration(
    name: "club-git",
    sql: """
      ALTER TABLE clubs ADD COLUMN git INTEGER NOT NULL DEFAULT 0;
      """,
    backfill: { connection in
      let clubs = try connection.all("SELECT id, path FROM clubs") { ($0.text(0), $0.text(1)) }
      for (id, path) in clubs where ClubFolder.hasOwnGitFolder(path) {
        try connection.run("UPDATE clubs SET git = 1 WHERE id = ?", [.text(id)])
      }
    })
}

extension Schema {
  /// With each link to a source, the digest of the file row whose base the link keeps
  /// (``SourceRowDigest``): a row of the next import with that digest says what the base
  /// says, and is not read again. Only the import that writes a base writes its digest; any
  /// other write of a link leaves none, and its next row is read whole. The index holds
  /// what an import loads, so that loading it reads no base.
  static let sourceRowDigests = Migration(
    name: "source-row-digests",
    sql: """
      ALTER TABLE book_sources ADD COLUMN row_digest TEXT;
      CREATE INDEX book_sources_by_row_digest ON book_sources (source, row_digest, book_id)
        WHERE row_digest IS NOT NULL;
      """)
}

import CSQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SQLiteLibrary {
  /// Checks every part of the library file: SQLite's own integrity check, then each table
  /// (read without its indexes) and each index on its own, so a damaged index is told
  /// apart from lost rows. A sound library that was marked damaged is unmarked, and what a
  /// killed repair left beside the library is removed. A library that cannot be written is
  /// read as it is, and said to be read-only.
  ///
  /// - Throws: ``LibraryError`` when the file is not a library at all.
  public func check() throws -> LibraryHealth {
    let realPath = realPathOrPath
    let marked = LibraryFile.isMarkedDamaged(realPath)
    guard let connection = try connectionForChecking() else {
      return LibraryHealth(problems: [], books: 0, entries: 0, wasMarked: marked)
    }
    let isReadOnly = !LibraryFile.isWritable(realPath)
    // What a killed repair left, only while no repair runs (a running one's backup is
    // made beside the library piece by piece).
    if !isReadOnly,
      let lock = try? LibraryLock.attempt(
        .exclusive, at: LibraryLock.path(of: realPath), library: path)
    {
      RepairLitter.remove(beside: realPath)
      extendLifetime(lock)
    }
    var problems = Self.integrityProblems(connection)
    if !problems.isEmpty {
      // SQLite stops at the first broken page: look at each part to say which are whole.
      problems = Self.partProblems(connection)
      if problems.isEmpty { problems = Self.integrityProblems(connection) }
    }
    if problems.isEmpty, let wrong = Self.countProblem(connection) { problems.append(wrong) }
    if let record = migrationProblem(connection) { problems.append(record) }
    let books = try? connection.integer("SELECT count(*) FROM books NOT INDEXED")
    let entries = try? connection.integer("SELECT count(*) FROM progress_entries NOT INDEXED")
    if problems.isEmpty, marked { unlink(LibraryFile.damageMarker(of: realPath)) }
    // Values bookclub does not know are no damage: the file stays unmarked.
    problems += Self.statusProblems(connection)
    return LibraryHealth(
      problems: problems, books: books.map { Int($0) }, entries: entries.map { Int($0) },
      wasMarked: marked, isReadOnly: isReadOnly)
  }

  var realPathOrPath: String {
    if case .regular(let real, _)? = try? LibraryFile.inspect(path) { return real }
    return path
  }

  /// A read-only connection (immutable in a read-only folder) that does not give up on
  /// damage: checking is how damage is looked at.
  private func connectionForChecking() throws -> SQLiteConnection? {
    guard case .regular(let realPath, let size) = try LibraryFile.inspect(path) else {
      return nil
    }
    guard size > 0 else { throw LibraryError.emptyFile(path: path) }
    let connection = try mapErrors {
      try SQLiteConnection(path: realPath, mode: LibraryFile.readMode(realPath))
    }
    let applicationID = try? connection.integer("PRAGMA application_id")
    guard applicationID == nil || applicationID == Schema.applicationID else {
      throw LibraryError.notALibrary(path: path)
    }
    return connection
  }

  /// A record of migrations no bookclub writes (a version out of range): every command
  /// refuses the library, and `repair` rebuilds the record with the schema.
  private func migrationProblem(_ connection: SQLiteConnection) -> LibraryHealth.Problem? {
    do {
      _ = try MigrationRecord(reading: connection, of: path)
      return nil
    } catch LibraryError.damaged(_, let detail) {
      return LibraryHealth.Problem(part: "schema_migrations", isIndex: false, detail: detail)
    } catch {
      return nil  // unreadable pages are the integrity check's to report
    }
  }

  /// The counts per status that triggers keep, when they disagree with the books (they
  /// cannot, unless the file was edited by another program).
  private static func countProblem(_ connection: SQLiteConnection) -> LibraryHealth.Problem? {
    let wrong = try? connection.integer(
      """
      SELECT count(*) FROM book_counts
      WHERE books <> (SELECT count(*) FROM books WHERE books.status = book_counts.status)
      """)
    guard let wrong, wrong > 0 else { return nil }
    return LibraryHealth.Problem(
      part: "book_counts", isIndex: true,
      detail: "the number of books per status is out of step with the books")
  }

  /// What `PRAGMA integrity_check` says is wrong; a check that itself fails is a problem.
  private static func integrityProblems(_ connection: SQLiteConnection) -> [LibraryHealth.Problem] {
    do {
      let lines = try connection.all("PRAGMA integrity_check") { $0.text(0) }
      guard lines != ["ok"] else { return [] }
      return lines.map { line in
        let index = line.firstRange(of: "index ").map {
          String(line[$0.upperBound...].prefix { !$0.isWhitespace })
        }
        return LibraryHealth.Problem(part: index, isIndex: index != nil, detail: line)
      }
    } catch let error as SQLiteError {
      return [LibraryHealth.Problem(part: nil, isIndex: false, detail: error.message)]
    } catch {
      return [LibraryHealth.Problem(part: nil, isIndex: false, detail: "\(error)")]
    }
  }

  /// Reads each table without its indexes and each index on its own.
  private static func partProblems(_ connection: SQLiteConnection) -> [LibraryHealth.Problem] {
    let parts: [(name: String, type: String, table: String, sql: String?)]
    do {
      parts = try connection.all(
        """
        SELECT name, type, tbl_name, sql FROM sqlite_master
        WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY type DESC, name
        """
      ) { ($0.text(0), $0.text(1), $0.text(2), $0.optionalText(3)) }
    } catch {
      return [
        LibraryHealth.Problem(
          part: "sqlite_master", isIndex: false,
          detail: "the list of tables cannot be read (\(error))")
      ]
    }
    var problems: [LibraryHealth.Problem] = []
    for part in parts {
      let isIndex = part.type == "index"
      let query: String
      if isIndex {
        // Ordered by its first column, the rows must come from the index itself: a plain
        // count(*) may be answered without reading the index's pages.
        let column =
          (try? connection.first("SELECT name FROM pragma_index_info(?)", [.text(part.name)]) {
            $0.text(0)
          }) ?? nil
        guard let column else { continue }
        let condition = part.sql.flatMap(partialCondition).map { " WHERE \($0)" } ?? ""
        query = """
          SELECT count(*) FROM (SELECT "\(column)" FROM "\(part.table)" INDEXED BY \
          "\(part.name)"\(condition) ORDER BY "\(column)")
          """
      } else {
        query = "SELECT count(*) FROM \"\(part.name)\" NOT INDEXED"
      }
      do {
        _ = try connection.integer(query)
      } catch let error as SQLiteError where error.isDamage || error.primaryCode == SQLITE_IOERR {
        problems.append(
          LibraryHealth.Problem(part: part.name, isIndex: isIndex, detail: error.message))
      } catch {
        continue  // an index SQLite will not use for a plain count says nothing either way
      }
    }
    return problems
  }

  /// The `WHERE` of a partial index's SQL.
  private static func partialCondition(_ sql: String) -> String? {
    sql.firstMatch(of: /\sWHERE\s/.ignoresCase()).map { String(sql[$0.range.upperBound...]) }
  }
}

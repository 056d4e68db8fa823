import CSQLite
import Foundation
import ReadingModel

/// A folder of its own for one test, removed when the test is done with it.
final class TemporaryFolder {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("bookclub-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Titles and authors with accents, case differences and shared prefixes, so orders and
/// searches are exercised.
func sampleBook(_ index: Int) throws -> NewBook {
  let titles = ["Émile", "emma", "Middlemarch", "Moby-Dick", "Anna Karenina", "anna", "Ulysses"]
  let authors = ["Rousseau", "Jane Austen", "George Eliot", "Herman Melville", "Léon Tolstoï"]
  // The four statuses the fixtures were made with (paused came later): the suites count them.
  let statuses: [ReadingStatus] = [.wantToRead, .reading, .finished, .abandoned]
  return try NewBook(
    title: "\(titles[index % titles.count]) \(index / titles.count)",
    authors: [authors[index % authors.count]],
    pageCount: 100 + index,
    status: statuses[index % statuses.count])
}

/// Walks every page of `query` through cursors.
func walkPages(_ library: some Library, _ query: PageQuery) async throws -> [Book.ID] {
  var ids: [Book.ID] = []
  var query = query
  while true {
    let page = try await library.page(query)
    ids += page.books.map(\.id)
    guard let next = page.next else { return ids }
    query = query.continuing(after: next)
  }
}

extension BookFields {
  /// Fields holding `values`, for tests.
  init(_ values: [BookField: String]) {
    self.init()
    for (field, value) in values { self[field] = value }
  }
}

/// Imports the export at `path` into `library`, as `bookclub import` does.
func importFile(_ path: String, into library: SQLiteLibrary, dryRun: Bool = false) async throws
  -> ImportSummary
{
  let format = try ImportFormat.detect(path: path)
  return try await library.importBooks(
    from: { try format.source(path: path) }, options: ImportOptions(dryRun: dryRun),
    progress: nil)
}

/// The library as a bookclub export, read a few books a page (pages end mid-library).
func exportArchive(_ library: SQLiteLibrary) async throws -> Data {
  var writer = LibraryArchive.StreamWriter(library: try await library.libraryID())
  var data = writer.header()
  var last: Book.ID?
  while true {
    let items = try await library.archivePage(after: last, limit: 7)
    for item in items { data += writer.item(item) }
    guard let next = items.last?.book.id else { break }
    last = next
  }
  return data + writer.footer()
}

/// Runs SQL on a file with SQLite directly, as another program would.
func runSQL(_ path: String, _ sql: String) throws {
  var handle: OpaquePointer?
  guard sqlite3_open(path, &handle) == SQLITE_OK else { throw SQLiteFailure() }
  defer { sqlite3_close(handle) }
  guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw SQLiteFailure() }
}

/// SQLite refused what a test asked of it directly.
struct SQLiteFailure: Error {}

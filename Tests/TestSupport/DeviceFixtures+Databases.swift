import CSQLite
import Foundation

/// KOReader's and a Kobo's files in the shapes their software writes them (the tables and
/// columns bookclub reads, values of the same kinds), made here.
extension DeviceFixtures {
  /// KOReader's checksum of Dune's file, in its statistics and in its sidecar.
  public static let duneChecksum = "0f2c1e4b9a7d3c5e8b1a2f3d4c5b6a79"
  /// 2025-03-01 20:00:00 UTC.
  public static let firstSessionStart: Int64 = 1_740_859_200

  /// Runs SQL on a new database at `path`.
  public static func makeDatabase(_ path: String, _ sql: String) throws {
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK else { throw FixtureError(path: path) }
    defer { sqlite3_close(handle) }
    var message: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? ""
      sqlite3_free(message)
      throw FixtureError(path: path + ": " + text)
    }
  }

  /// KOReader's `statistics.sqlite3` (schema 20221111): Dune read in two sessions three days
  /// apart (30 pages at 40 seconds, then 40 at 45), Piranesi in one; and three turns no
  /// reader made: in 1970, in 2100, and one of a negative duration.
  public static func koreaderStatistics(at path: String) throws {
    var turns: [String] = []
    for page in 100..<130 {
      turns.append("(1, \(page), \(firstSessionStart + Int64(page - 100) * 40), 40, 812)")
    }
    let second = firstSessionStart + 3 * 86_400 + 3600
    for page in 200..<240 {
      turns.append("(1, \(page), \(second + Int64(page - 200) * 45), 45, 812)")
    }
    let piranesi = firstSessionStart - 19 * 86_400
    for page in 1...20 {
      turns.append("(2, \(page), \(piranesi + Int64(page) * 60), 60, 272)")
    }
    turns += [
      "(1, 5, 100, 30, 812)", "(1, 6, 4102444800, 30, 812)",
      "(2, 30, \(piranesi + 5000), -20, 272)",
    ]
    try makeDatabase(
      path,
      """
      PRAGMA user_version = 20221111;
      CREATE TABLE book (id integer PRIMARY KEY autoincrement, title text, authors text,
        notes integer, last_open integer, highlights integer, pages integer, series text,
        language text, md5 text, total_read_time integer, total_read_pages integer);
      CREATE TABLE page_stat_data (id_book integer, page integer NOT NULL DEFAULT 0,
        start_time integer NOT NULL DEFAULT 0, duration integer NOT NULL DEFAULT 0,
        total_pages integer NOT NULL DEFAULT 0, UNIQUE (id_book, page, start_time),
        FOREIGN KEY (id_book) REFERENCES book (id));
      CREATE TABLE numbers (number INTEGER PRIMARY KEY);
      CREATE UNIQUE INDEX book_title_authors_md5 ON book (title, authors, md5);
      INSERT INTO book VALUES (1, 'Dune', 'Frank Herbert', 1, \(second + 1800), 2, 812,
        'Dune #1', 'en', '\(duneChecksum)', 3000, 70);
      INSERT INTO book VALUES (2, 'Piranesi', 'Susanna Clarke', 0, \(piranesi + 1300), 1, 272,
        'N/A', 'en', 'a1b2c3d4e5f60718293a4b5c6d7e8f90', 1200, 20);
      INSERT INTO page_stat_data VALUES \(turns.joined(separator: ",\n"));
      """)
  }

  /// Dune's sidecar as KOReader writes it since 2024: `annotations`, a highlight with a
  /// note, one without, a bookmark (not kept); reading, rated 4, its ISBN among the
  /// identifiers.
  public static let duneSidecar = """
    -- /mnt/onboard/Books/Dune.sdr/metadata.epub.lua
    return {
        ["annotations"] = {
            [1] = {
                ["chapter"] = "Book One",
                ["color"] = "yellow",
                ["datetime"] = "2025-03-01 20:05:02",
                ["drawer"] = "lighten",
                ["note"] = "Litany \\"against\\" fear",
                ["page"] = "/body/DocFragment[6]/body/p[41]/text().0",
                ["pageno"] = 104,
                ["pos0"] = "/body/DocFragment[6]/body/p[41]/text().0",
                ["pos1"] = "/body/DocFragment[6]/body/p[42]/text().18",
                ["text"] = "I must not fear.\\
    Fear is the mind-killer.",
            },
            [2] = {
                ["datetime"] = "2025-03-04 21:30:00",
                ["page"] = "/body/DocFragment[9]/body/p[3]/text().0",
                ["pageno"] = 210,
            },
            [3] = {
                ["chapter"] = "Book One",
                ["datetime"] = "2025-03-04 21:31:10",
                ["drawer"] = "underscore",
                ["page"] = "/body/DocFragment[9]/body/p[7]/text().4",
                ["pageno"] = 212,
                ["pos0"] = "/body/DocFragment[9]/body/p[7]/text().4",
                ["text"] = "The spice must flow.\\9\\27[31m",
            },
        },
        ["doc_pages"] = 812,
        ["doc_props"] = {
            ["authors"] = "Frank Herbert",
            ["identifiers"] = "urn:isbn:9780441013593\\
    calibre:42",
            ["language"] = "en",
            ["series"] = "Dune",
            ["series_index"] = 1,
            ["title"] = "Dune",
        },
        ["partial_md5_checksum"] = "\(duneChecksum)",
        ["percent_finished"] = 0.29433497536946,
        ["summary"] = {
            ["modified"] = "2025-03-04",
            ["rating"] = 4,
            ["status"] = "reading",
        },
    }

    """

  /// Piranesi's sidecar as KOReader wrote it before 2024, keys unsorted: `bookmarks` (the
  /// marked text in `notes`, the reader's note in `text`) and `highlight` with the style;
  /// finished.
  public static let piranesiSidecar = """
    -- we can read Lua syntax here!
    return {
        ["summary"] = {
            ["status"] = "complete",
            ["modified"] = "2025-02-12",
        },
        ["bookmarks"] = {
            [2] = {
                ["page"] = 12,
                ["notes"] = "The Beauty of the House is immeasurable",
                ["text"] = "Page 12 The Beauty of the House is immeasurable @ 2025-02-10 20:15:00",
                ["datetime"] = "2025-02-10 20:15:00",
                ["highlighted"] = true,
                ["pos0"] = "/body/DocFragment[2]/body/p[1]/text().0",
            },
            [1] = {
                ["page"] = 3,
                ["notes"] = "its Kindness infinite.",
                ["text"] = "The whole book in four words",
                ["datetime"] = "2025-02-10 20:05:00",
                ["highlighted"] = true,
                ["pos0"] = "/body/DocFragment[1]/body/p[4]/text().0",
            },
        },
        ["highlight"] = {
            [12] = {
                [1] = {
                    ["datetime"] = "2025-02-10 20:15:00",
                    ["drawer"] = "lighten",
                    ["color"] = "green",
                },
            },
        },
        ["doc_props"] = {
            ["title"] = "Piranesi",
            ["authors"] = "Susanna Clarke",
            ["identifiers"] = "",
        },
        ["partial_md5_checksum"] = "a1b2c3d4e5f60718293a4b5c6d7e8f90",
        ["doc_pages"] = 272,
    }

    """

  /// A sidecar with code in it: parsed as data, it is refused, and nothing runs.
  public static let hostileSidecar = """
    return {
        ["doc_props"] = { ["title"] = os.execute("touch /tmp/bookclub-pwned") },
    }

    """

  /// A Kobo's `KoboReader.sqlite`: The Left Hand of Darkness from the store (its ISBN
  /// known), read to 45% in 1h 30m, with a highlight, a note, a dog-ear and a highlight
  /// hidden (deleted on the device); Emma sideloaded, finished, rated 5.
  public static func koboDatabase(at path: String) throws {
    let store = "7c6a0f2e-1d3b-4e5f-8a9b-0c1d2e3f4a5b"
    let emma = "file:///mnt/onboard/Books/Emma.epub"
    try makeDatabase(
      path,
      """
      CREATE TABLE DbVersion (version INTEGER);
      INSERT INTO DbVersion VALUES (175);
      CREATE TABLE content (ContentID TEXT NOT NULL, ContentType TEXT NOT NULL,
        MimeType TEXT NOT NULL, BookID TEXT, BookTitle TEXT, Title TEXT COLLATE NOCASE,
        Attribution TEXT COLLATE NOCASE, ISBN TEXT, Series TEXT, SeriesNumber TEXT,
        ___PercentRead INTEGER DEFAULT 0, ReadStatus INTEGER DEFAULT 0, DateLastRead TEXT,
        TimeSpentReading INTEGER DEFAULT 0, ___UserID TEXT NOT NULL,
        ___FileOffset INTEGER DEFAULT 0, ___FileSize INTEGER DEFAULT 0,
        PRIMARY KEY (ContentID));
      CREATE TABLE Bookmark (BookmarkID TEXT NOT NULL, VolumeID TEXT NOT NULL,
        ContentID TEXT NOT NULL, StartContainerPath TEXT, Text TEXT, Annotation TEXT,
        DateCreated TEXT, ChapterProgress REAL NOT NULL DEFAULT 0, Hidden BOOL DEFAULT 0,
        DateModified TEXT, Type TEXT, Color INTEGER DEFAULT 0, PRIMARY KEY (BookmarkID));
      CREATE TABLE ratings (ContentID TEXT NOT NULL, Rating INTEGER, Review TEXT,
        DateModified TEXT NOT NULL, PRIMARY KEY (ContentID));
      INSERT INTO content VALUES ('\(store)', '6', 'application/x-kobo-epub+zip', NULL, NULL,
        'The Left Hand of Darkness', 'Ursula K. Le Guin', '9780441478125', 'Hainish Cycle',
        '4', 45, 1, '2025-03-05T20:30:00.000', 5400, 'reader-1', 0, 0);
      INSERT INTO content VALUES ('\(store)!OEBPS!ch05.html', '9', 'application/xhtml+xml',
        '\(store)', 'The Left Hand of Darkness', 'The Place Inside the Blizzard', NULL, NULL,
        NULL, NULL, 0, 0, NULL, 0, 'reader-1', 40, 10);
      INSERT INTO content VALUES ('\(emma)', '6', 'application/epub+zip', NULL, NULL, 'Emma',
        'Jane Austen', NULL, NULL, NULL, 100, 2, '2025-01-20T19:00:00Z', 600, 'reader-1', 0, 0);
      INSERT INTO content VALUES ('ad-1', '6', 'application/x-kobo-epub+zip', NULL, NULL,
        'Advertised Book', 'Some Author', NULL, NULL, NULL, 0, 0, NULL, 0, '', 0, 0);
      INSERT INTO Bookmark VALUES ('b1', '\(store)', '\(store)!OEBPS!ch05.html', 'span#kobo\\.3\\.1',
        'Light is the left hand of darkness', NULL, '2025-03-05T20:10:00.000', 0.5, 'false',
        NULL, 'highlight', 2);
      INSERT INTO Bookmark VALUES ('b2', '\(store)', '\(store)!OEBPS!ch05.html', NULL,
        'and darkness the right hand of light', 'Tormer''s Lay', '2025-03-05T20:12:00', 0.6,
        'false', '2025-03-05T20:13:00', 'note', 0);
      INSERT INTO Bookmark VALUES ('b3', '\(store)', '\(store)!OEBPS!ch05.html', NULL, NULL,
        NULL, '2025-03-05T20:14:00', 0.7, 'false', NULL, 'dogear', 0);
      INSERT INTO Bookmark VALUES ('b4', '\(store)', '\(store)!OEBPS!ch05.html', NULL,
        'deleted on the device', NULL, '2025-03-05T20:15:00', 0.8, 'true', NULL, 'highlight', 0);
      INSERT INTO ratings VALUES ('\(emma)', 5, NULL, '2025-01-21T10:00:00');
      """)
  }

  /// A mounted Kobo with KOReader on it: `.kobo/KoboReader.sqlite`, KOReader's statistics
  /// under `.adds/koreader/settings`, and the sidecars of Dune, Piranesi and a hostile one
  /// under `Books`.
  ///
  /// - Returns: The device's folder.
  public static func koboWithKOReader(in folder: String) throws -> String {
    let device = folder + "/kobo"
    let manager = FileManager.default
    try? manager.removeItem(atPath: device)  // made afresh
    for path in [
      ".kobo", ".adds/koreader/settings", "Books/Dune.sdr", "Books/Piranesi.sdr", "Books/Evil.sdr",
    ] {
      try manager.createDirectory(atPath: device + "/" + path, withIntermediateDirectories: true)
    }
    try koboDatabase(at: device + "/.kobo/KoboReader.sqlite")
    try koreaderStatistics(at: device + "/.adds/koreader/settings/statistics.sqlite3")
    for (name, text) in [
      ("Dune", duneSidecar), ("Piranesi", piranesiSidecar), ("Evil", hostileSidecar),
    ] {
      try Data(text.utf8).write(
        to: URL(fileURLWithPath: device + "/Books/\(name).sdr/metadata.epub.lua"))
    }
    return device
  }
}

/// A fixture could not be made.
public struct FixtureError: Error {
  public var path: String
}

/// A connection to a device's database kept open by a test, as the device's own software
/// keeps it while bookclub reads: a lock held, a write-ahead log not yet checkpointed.
public final class HeldDatabase {
  private var handle: OpaquePointer?

  /// Opens the database at `path`.
  public init(_ path: String) throws {
    guard sqlite3_open(path, &handle) == SQLITE_OK else { throw FixtureError(path: path) }
  }

  /// Runs SQL on the open connection.
  public func run(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? ""
      sqlite3_free(message)
      throw FixtureError(path: "held database: " + text)
    }
  }

  deinit {
    sqlite3_close_v2(handle)
  }
}

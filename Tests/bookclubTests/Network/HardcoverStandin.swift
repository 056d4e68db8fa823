import Foundation
import TestSupport

/// The Hardcover stand-in of a ``FixtureServer``, as a test sets and reads it: the
/// account's books, reads and catalogue, the mutations it was sent, and its knobs
/// (`hardcover_standin.py`).
struct HardcoverStandin {
  let server: FixtureServer

  var graphQL: String { server.url + "/v1/graphql" }

  /// Merges `state` into the stand-in's (a JSON object: `books`, `editions`, `user_books`,
  /// `reads`), and returns the whole state after.
  @discardableResult
  func post(_ path: String, _ json: Any) throws -> [String: Any] {
    let body = try JSONSerialization.data(withJSONObject: json)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: RequiredTool.python3.path ?? "/usr/bin/python3")
    process.arguments = [
      "-c",
      "import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen("
        + "urllib.request.Request(sys.argv[1], data=sys.stdin.buffer.read())).read())",
      server.url + path,
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(body)
    try input.fileHandleForWriting.close()
    let reply = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try JSONSerialization.jsonObject(with: reply) as? [String: Any] ?? [:]
  }

  func set(_ state: [String: Any]) throws { try post("/hardcover-test/state", state) }
  func knobs(_ knobs: [String: Any]) throws { try post("/hardcover-test/knobs", knobs) }
  var state: [String: Any] { (try? post("/hardcover-test/state", [String: Any]())) ?? [:] }

  /// The account's books, by `user_books` id.
  var userBooks: [String: [String: Any]] {
    state["user_books"] as? [String: [String: Any]] ?? [:]
  }
  var reads: [String: [String: Any]] { state["reads"] as? [String: [String: Any]] ?? [:] }
  /// The mutations sent, in order, by name.
  var mutations: [String] {
    (state["log"] as? [[String: Any]] ?? []).compactMap { $0["mutation"] as? String }
  }

  /// A catalogue book with one edition: `{"books": …, "editions": …}` entries.
  static func book(_ id: Int, _ title: String, by author: String, pages: Int, isbn: String?)
    -> (book: [String: Any], edition: [String: Any])
  {
    (
      [
        "id": id, "title": title, "pages": pages,
        "contributions": [["contribution": NSNull(), "author": ["name": author]]],
      ],
      [
        "id": id + 100_000, "book_id": id, "title": title, "pages": pages,
        "isbn_13": isbn ?? NSNull(), "isbn_10": NSNull(), "audio_seconds": NSNull(),
      ]
    )
  }

  /// A valid ISBN-13 for `number`.
  static func isbn(_ number: Int) -> String {
    let stem = "978" + String(format: "%09d", number)
    let sum = stem.enumerated().reduce(0) { total, pair in
      total + Int(String(pair.element))! * (pair.offset % 2 == 0 ? 1 : 3)
    }
    return stem + String((10 - sum % 10) % 10)
  }
}

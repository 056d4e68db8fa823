import Foundation

/// The helper's arguments.
struct FetchRequest {
  var url: URL
  var output: String
  var maxBytes = 10 << 20
  var timeout: TimeInterval = 15
  var userAgent = "bookclub"
  var etag: String?
  var lastModified: String?
  /// A descriptor whose end of file means bookclub is gone (see ``Ending``).
  var lifeline: Int32?
  /// A JSON body to POST, read from a file (an API's query).
  var body: Data?
  /// The `Authorization` header's value, read from a file (the first line): a token is
  /// never on a command line, where any user's `ps` shows it.
  var authorization: String?

  /// Reads the arguments; a usage error ends the process with status 64.
  static func parse(_ arguments: [String]) -> FetchRequest {
    func fail(_ message: String) -> Never {
      FileHandle.standardError.write(Data("bookclub-fetch: \(message)\n".utf8))
      exit(64)
    }
    var positional: [String] = []
    var options: [String: String] = [:]
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument.hasPrefix("--") {
        guard index + 1 < arguments.count else { fail("\(argument) needs a value") }
        options[String(argument.dropFirst(2))] = arguments[index + 1]
        index += 2
      } else {
        positional.append(argument)
        index += 1
      }
    }
    guard positional.count == 1, let url = URL(string: positional[0]),
      ["http", "https"].contains(url.scheme ?? "")
    else { fail("give one http or https URL") }
    guard let output = options["output"] else { fail("--output is required") }
    var request = FetchRequest(url: url, output: output)
    if let text = options["max-bytes"] {
      guard let value = Int(text), value > 0 else { fail("--max-bytes takes a number") }
      request.maxBytes = value
    }
    if let text = options["timeout"] {
      guard let value = Double(text), value > 0 else { fail("--timeout takes seconds") }
      request.timeout = value
    }
    if let text = options["lifeline"] {
      guard let value = Int32(text), value >= 0 else { fail("--lifeline takes a descriptor") }
      request.lifeline = value
    }
    if let path = options["post-file"] {
      guard let body = FileManager.default.contents(atPath: path) else {
        fail("--post-file: cannot read \(path)")
      }
      request.body = body
    }
    if let path = options["authorization-file"] {
      guard let data = FileManager.default.contents(atPath: path),
        let line = String(data: data, encoding: .utf8)?.split(whereSeparator: \.isNewline).first
      else { fail("--authorization-file: cannot read \(path)") }
      request.authorization = String(line)
    }
    request.userAgent = options["user-agent"] ?? request.userAgent
    request.etag = options["etag"]
    request.lastModified = options["last-modified"]
    return request
  }
}

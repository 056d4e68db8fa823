import ReadingModel

/// Hardcover's GraphQL API, asked through bookclub-fetch with the token file as its
/// `Authorization` header: the token passes through no command line.
struct HardcoverAPI {
  /// Hardcover's endpoint; `BOOKCLUB_HARDCOVER_URL` names another (a local stand-in).
  static let endpoint = "https://api.hardcover.app/v1/graphql"

  let fetch: FetchHelper
  let url: String
  /// Keeps the requests of a pull or a push within Hardcover's limit.
  let pacer: HardcoverPacer

  init(environment: [String: String]) {
    fetch = FetchHelper(environment: environment)
    url = environment["BOOKCLUB_HARDCOVER_URL"] ?? Self.endpoint
    pacer = HardcoverPacer(environment: environment)
  }

  /// The API with the kept token's file, for a command that reads or writes the account.
  ///
  /// - Throws: ``HardcoverError/notLoggedIn``, or why the token file is refused.
  static func loggedIn(environment: [String: String]) throws -> (api: Self, tokenFile: String) {
    let token = try HardcoverToken(environment: environment).checkedPath()
    return (Self(environment: environment), token)
  }

  /// The user the token in `tokenFile` belongs to.
  ///
  /// - Throws: ``HardcoverError/refused`` for a token Hardcover does not take, ``FetchError``
  ///   when it cannot be reached.
  func username(tokenFile: String) throws -> String {
    let data = try query(#"query { me { id username } }"#, tokenFile: tokenFile)
    // `me` is a list of one user.
    let me = data.members?["me"]
    guard let user = (me?.items?.first ?? me)?.members, let name = user["username"]?.string,
      !name.isEmpty
    else { throw HardcoverError.unexpectedAnswer("no user") }
    return name
  }

  /// Runs a query and returns its `data`.
  ///
  /// - Parameter variables: The query's variables: every value from the library goes here,
  ///   never into the query's text.
  /// - Throws: ``HardcoverError`` for a refused token, a busy API or an answer with errors.
  func query(_ text: String, variables: [String: JSONValue] = [:], tokenFile: String) throws
    -> JSONValue
  {
    let (data, error) = try answer(text, variables: variables, tokenFile: tokenFile)
    if let error { throw HardcoverError.unexpectedAnswer(error) }
    guard let data else { throw HardcoverError.unexpectedAnswer("no data") }
    return data
  }

  /// Runs a query and returns its `data` with the first error Hardcover gave: a request of
  /// several mutations can answer some and refuse others.
  ///
  /// - Throws: ``HardcoverError`` for a refused token, a busy API, or an answer that is not
  ///   GraphQL's.
  func answer(_ text: String, variables: [String: JSONValue] = [:], tokenFile: String) throws
    -> (data: JSONValue?, error: String?)
  {
    var json = JSONWriter()
    json.object {
      $0.member("query") { $0.string(text) }
      if !variables.isEmpty {
        $0.member("variables") { JSONValue.object(variables).write(to: &$0) }
      }
    }
    let response = try fetch.post(url, body: json.bytes, authorizationFile: tokenFile)
    guard response.status != 401, response.status != 403 else { throw HardcoverError.refused }
    if response.status == 429 || response.status == 503 {
      throw HardcoverError.busy(
        retryAfter: response.retryAfter, wholeRefused: response.status == 429)
    }
    guard response.status == 200 else {
      throw HardcoverError.unexpectedAnswer("HTTP status \(response.status)")
    }
    var parser = JSONParser(bytes: response.body)
    guard case .object(let answer)? = try? parser.value() else {
      throw HardcoverError.unexpectedAnswer("not JSON")
    }
    var error: String?
    if let errors = answer["errors"]?.items, let first = errors.first {
      let message = first.members?["message"]?.string ?? "an error"
      // Hasura's codes for a token it does not take; a word in a message ("author") is not.
      let code = first.members?["extensions"]?.members?["code"]?.string ?? ""
      if ["invalid-jwt", "access-denied", "invalid-headers"].contains(code) {
        throw HardcoverError.refused
      }
      if code == "rate-limit" || message.lowercased().contains("throttled") {
        throw HardcoverError.busy(retryAfter: nil, wholeRefused: false)
      }
      error = String(message.prefix(200))
    }
    let data = answer["data"].flatMap { $0 == .null ? nil : $0 }
    guard data != nil || error != nil else { throw HardcoverError.unexpectedAnswer("no data") }
    return (data, error)
  }
}

import ReadingModel
import Synchronization

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

/// Runs `bookclub-fetch` (installed next to bookclub) for one URL: bookclub itself has no
/// networking, so commands that do not use the network start no faster or slower for it.
struct FetchHelper: Sendable {
  /// What came back.
  struct Response {
    var status: Int
    var body: [UInt8]
    var retryAfter: String?
    var etag: String?
    var lastModified: String?
  }

  let environment: [String: String]
  /// At most this many seconds, whatever the environment says: a command to which the
  /// network is an extra (`show`'s cover) waits less.
  var timeoutLimit: Double?
  /// When the whole of a command's asking must be over (a lookup's edition and authors
  /// together); each fetch gets what is left of it.
  var deadline: ContinuousClock.Instant?
  /// Seconds a fetch may take, from asking to the last byte: 15, or
  /// `BOOKCLUB_NETWORK_TIMEOUT` (a slow network) between a tenth of a second and ten
  /// minutes (anything else, `inf` or `nan` say, is 15).
  var timeout: Double {
    let configured =
      environment["BOOKCLUB_NETWORK_TIMEOUT"].flatMap(Double.init)
      .flatMap { (0.1...600).contains($0) ? $0 : nil } ?? 15
    return min(configured, timeoutLimit ?? configured)
  }
  /// The most bytes a body may have.
  static let maxBytes = 10 << 20

  static let userAgent = "bookclub/\(Bookclub.version) (+https://openlibrary.org/developers/api)"

  /// Fetches `url`; with validators, a 304 means the copy kept is still good.
  ///
  /// - Throws: ``FetchError`` when there is no response, or the helper is missing.
  func get(_ url: String, etag: String? = nil, lastModified: String? = nil) throws(FetchError)
    -> Response
  {
    try fetch(
      url,
      options: (etag.map { ["--etag", $0] } ?? [])
        + (lastModified.map { ["--last-modified", $0] } ?? []))
  }

  /// POSTs a JSON `body` to `url` (an API's query), with the `Authorization` header the
  /// first line of `authorizationFile` holds: the helper reads it there, so the token is on
  /// no command line.
  ///
  /// - Throws: ``FetchError`` when there is no response, or the helper is missing.
  func post(_ url: String, body: [UInt8], authorizationFile: String) throws(FetchError)
    -> Response
  {
    let folder = UserFolder.state.path(environment: environment)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Named as the outputs are, so the sweep of a killed run's files takes it too.
    let bodyFile = folder + "/fetch-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-post"
    let descriptor = open(bodyFile, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .failed("could not write the request in \(folder): \(String(cString: strerror(errno)))")
    }
    defer { unlink(bodyFile) }
    let written = body.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == body.count else { throw .failed("could not write the request in \(folder)") }
    // Out of the terminal's Ctrl-C: a request that changes an account is seen through.
    return try fetch(
      url, options: ["--post-file", bodyFile, "--authorization-file", authorizationFile],
      shielded: true)
  }

  /// Runs the helper for `url` with `options`, and reads what it said.
  private func fetch(_ url: String, options: [String], shielded: Bool = false) throws(FetchError)
    -> Response
  {
    guard let helper = try Self.helper(environment) else { throw .helperMissing }
    let seconds = try secondsLeft(for: url)
    let folder = UserFolder.state.path(environment: environment)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    Self.staleOutputsRemoved.withLock { removed in
      guard !removed else { return }  // once a process: covers fetch asks for hundreds
      Self.removeStaleOutputs(in: folder)
      removed = true
    }
    let output = folder + "/fetch-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { unlink(output) }
    let arguments =
      [
        helper, url, "--output", output, "--timeout", String(seconds), "--max-bytes",
        String(Self.maxBytes), "--user-agent", Self.userAgent, "--lifeline", "0",
      ] + options
    let run = FetchProcess.run(
      arguments, environment: environment, output: output, seconds: seconds, shielded: shielded)
    let text: String
    switch run {
    case nil: throw .helperMissing
    case .overran?: throw FetchError(kind: "timeout", message: "", url: url)
    case .ended(.signalled, _)?: throw .stopped
    case .ended(_, let said)?: text = said
    }
    guard let line = text.split(separator: "\n").last else { throw .helperMissing }
    var parser = JSONParser(bytes: Array(line.utf8))
    guard case .object(let fields)? = try? parser.value() else {
      throw .failed("bookclub-fetch said: \(TerminalText.safe(String(line.prefix(200))))")
    }
    if let kind = fields["error"]?.string {
      throw FetchError(kind: kind, message: fields["message"]?.string ?? "", url: url)
    }
    let status = Int(fields["status"]?.integer ?? 0)
    let body =
      status == 200
      ? ((try? SmallFile.read(output, limit: Self.maxBytes)).flatMap { $0 }.map(Array.init) ?? [])
      : []
    return Response(
      status: status, body: body, retryAfter: fields["retryAfter"]?.string,
      etag: fields["etag"]?.string, lastModified: fields["lastModified"]?.string)
  }

  /// The seconds this fetch may take: ``timeout``, or less when the ``deadline`` is near.
  ///
  /// - Throws: ``FetchError/timeout(_:)`` when the deadline has passed.
  private func secondsLeft(for url: String) throws(FetchError) -> Double {
    guard let deadline else { return timeout }
    let left = ContinuousClock.now.duration(to: deadline)
    let seconds =
      Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
    guard seconds >= 0.1 else { throw FetchError(kind: "timeout", message: "", url: url) }
    return min(timeout, seconds)
  }

  /// Removes the files of helpers whose bookclub is gone (killed before it could clean
  /// up): `fetch-<pid>-<random>` whose process no longer runs.
  /// Whether this process has removed what killed runs left in the state folder.
  private static let staleOutputsRemoved = Mutex(false)

  static func removeStaleOutputs(in folder: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return
    }
    for name in names where name.hasPrefix("fetch-") {
      let parts = name.split(separator: "-")
      guard parts.count == 3, let pid = pid_t(parts[1]), pid > 0, pid != getpid() else {
        continue
      }
      if kill(pid, 0) != 0, errno == ESRCH { unlink(folder + "/" + name) }
    }
  }

  /// `bookclub-fetch` as `BOOKCLUB_FETCH` names it, else beside the running bookclub.
  ///
  /// - Throws: ``FetchError/helperNamedUnusable(_:reason:)`` when `BOOKCLUB_FETCH` names no
  ///   executable file: the reader asked for that one, so no other is used instead.
  static func helper(_ environment: [String: String]) throws(FetchError) -> String? {
    if let named = environment["BOOKCLUB_FETCH"], !named.isEmpty {
      if let reason = Self.unusable(named) { throw .helperNamedUnusable(named, reason: reason) }
      return named
    }
    guard let path = RunningExecutable.path() else { return nil }
    let beside = PathName.folder(of: path) + "/bookclub-fetch"
    return access(beside, X_OK) == 0 ? beside : nil
  }
}

extension FetchHelper {
  /// Why `path` cannot be run as the helper, or `nil` when it can.
  fileprivate static func unusable(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return "there is no such file" }
    guard info.st_mode & S_IFMT == S_IFREG else { return "it is not a file" }
    return access(path, X_OK) == 0 ? nil : "it is not executable"
  }
}

/// Why nothing useful came back from the network.
enum FetchError: Error, LocalizedError, Equatable {
  /// `bookclub-fetch` is not installed next to bookclub.
  case helperMissing
  /// `BOOKCLUB_FETCH` names a path that cannot be run, and why.
  case helperNamedUnusable(String, reason: String)
  /// No connection: offline, or the server refused.
  case offline(String)
  /// The name did not resolve.
  case dns(String)
  /// The TLS handshake or certificate failed.
  case tls(String)
  /// No answer in time.
  case timeout(String)
  /// More bytes than an answer may have.
  case tooLarge(String)
  /// The answer broke off before its end.
  case cut(String)
  /// `bookclub-fetch` was stopped by a signal (Ctrl-C reached it) before it said anything.
  case stopped
  /// Another failure, in the helper's words.
  case failed(String)

  init(kind: String, message: String, url: String) {
    let host = URL(string: url)?.host ?? url
    switch kind {
    case "offline": self = .offline(host)
    case "dns": self = .dns(host)
    case "tls": self = .tls(host)
    case "timeout": self = .timeout(host)
    case "tooLarge": self = .tooLarge(host)
    case "cut": self = .cut(host)
    default: self = .failed(TerminalText.safe(String(message.prefix(200))))
    }
  }

  var errorDescription: String? {
    switch self {
    case .helperMissing:
      "bookclub-fetch, which bookclub runs to reach the network, is not installed next to it. Build it with libcurl's development files installed (apt-get install libcurl4-openssl-dev on Debian or Ubuntu): swift build -c release -Xswiftc -static-stdlib --product bookclub-fetch, and copy .build/release/bookclub-fetch beside bookclub (see README, Install)."
    case .helperNamedUnusable(let path, let reason):
      "BOOKCLUB_FETCH names '\(path)' as bookclub-fetch, but \(reason). Point it at "
        + "bookclub-fetch, or unset it to use the one installed next to bookclub."
    case .offline(let host):
      "Cannot connect to \(host): are you offline? Try again later."
    case .dns(let host): "Cannot find \(host) (DNS). Check the network, or try again later."
    case .tls(let host): "The secure connection to \(host) failed (TLS or its certificate)."
    case .timeout(let host): "\(host) did not answer in time. Try again later."
    case .stopped: "bookclub-fetch was stopped before it finished; nothing was kept."
    case .tooLarge(let host):
      "\(host) sent more than an answer may have (\(FetchHelper.maxBytes >> 20) MiB); nothing was kept."
    case .cut(let host): "The answer from \(host) was cut short; nothing was kept. Try again."
    case .failed(let message): "The request failed: \(message)"
    }
  }
}

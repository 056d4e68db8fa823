import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One fetch: the body written to the output file as it arrives (so the helper's memory
/// stays small whatever is sent), stopped at the size limit and at the deadline, whatever
/// the server does. bookclub reads the file only when the JSON line says it all came.
final class FetchSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  struct Outcome {
    var json: String
    var exitStatus: Int32
    /// Whether the output file holds a whole body bookclub may read.
    var keepsOutput: Bool
  }

  /// Why the fetch ended before its answer did.
  private enum Stop {
    case tooLarge, deadline
  }

  private let request: FetchRequest
  private let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private let output: Int32
  private var received = 0
  private var writeFailure: Int32?
  private var response: HTTPURLResponse?
  private var stop: Stop?
  private var failure: Error?
  private var finished = false

  /// - Parameter output: The descriptor of the output file, open for writing.
  init(_ request: FetchRequest, output: Int32) {
    self.request = request
    self.output = output
  }

  /// Fetches the URL and says what came back; returns at the deadline at the latest,
  /// leaving the transfer to the process's exit.
  func run() -> Outcome {
    let configuration = URLSessionConfiguration.ephemeral  // no cookies, no cache, no credentials
    configuration.timeoutIntervalForRequest = request.timeout
    configuration.timeoutIntervalForResource = request.timeout
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    var urlRequest = URLRequest(url: request.url)
    urlRequest.setValue(request.userAgent, forHTTPHeaderField: "User-Agent")
    if let etag = request.etag { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
    if let body = request.body {
      urlRequest.httpMethod = "POST"
      urlRequest.httpBody = body
      urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    if let authorization = request.authorization {
      urlRequest.setValue(authorization, forHTTPHeaderField: "Authorization")
    }
    if let date = request.lastModified {
      urlRequest.setValue(date, forHTTPHeaderField: "If-Modified-Since")
    }
    session.dataTask(with: urlRequest).resume()
    // The whole request, a body that trickles in included, ends by the deadline: URLSession's
    // own timeouts are per byte (and its resource timeout is not kept on Linux).
    if done.wait(timeout: .now() + request.timeout) == .timedOut {
      finish(stopping: .deadline)
    }
    return outcome()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    lock.withLock { self.response = response as? HTTPURLResponse }
    // A length that says too much is refused before a byte of it comes.
    if response.expectedContentLength > Int64(request.maxBytes) {
      return finish(stopping: .tooLarge)
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let over = lock.withLock { () -> Bool in
      guard !finished else { return false }
      received += data.count
      guard received <= request.maxBytes else { return true }
      if response?.statusCode == 200, writeFailure == nil {
        writeFailure = Self.write(data, to: output)
      }
      return false
    }
    // No cancel: it waits for URLSession's queue, which a fast server keeps full, while
    // the bytes read meanwhile pile up (gigabytes). The process ends instead, at once, from
    // this thread: waking the waiting one first would let the reading go on until a busy
    // machine gets round to it.
    if over {
      finish(stopping: .tooLarge)
      Self.end(outcome(), output: output, path: request.output)
    }
  }

  /// Ends the process, once, after the last bytes are said: a second caller waits here for
  /// the first one's exit.
  private static let ending = NSLock()

  /// Closes the output file (removed unless it holds a whole body), prints the outcome's
  /// JSON line and ends the process at once: a transfer still under way (stopped at the
  /// limit or the deadline) ends with it, not after URLSession has wound it down.
  ///
  /// - Parameters:
  ///   - output: The output file's descriptor.
  ///   - path: The output file's path.
  static func end(_ outcome: Outcome, output: Int32, path: String) -> Never {
    ending.lock()  // never unlocked: the process ends here
    close(output)
    if !outcome.keepsOutput { unlink(path) }
    FileHandle.standardOutput.write(Data((outcome.json + "\n").utf8))
    _exit(outcome.exitStatus)
  }

  /// A request carrying an `Authorization` header follows no redirect: the token goes to
  /// the host asked, and nowhere else. The redirect's own answer is what comes back.
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(request.authorization == nil ? newRequest : nil)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    lock.withLock { failure = error }
    finish(stopping: nil)
  }

  /// Ends the wait, once: later news of the transfer changes nothing.
  private func finish(stopping reason: Stop?) {
    let first = lock.withLock { () -> Bool in
      guard !finished else { return false }
      finished = true
      stop = reason
      return true
    }
    if first { done.signal() }
  }

  private func outcome() -> Outcome {
    lock.withLock {
      switch stop {
      case .tooLarge:
        return Self.failed("tooLarge", "more than \(request.maxBytes) bytes")
      case .deadline:
        return Self.failed("timeout", "no whole answer within \(request.timeout) seconds")
      case nil: break
      }
      if let failure {
        // An answer that began and then broke off was cut short, whatever the error says.
        let kind = response != nil ? "cut" : Self.kind(failure)
        return Self.failed(kind, failure.localizedDescription)
      }
      guard let response else { return Self.failed("other", "no response") }
      if let writeFailure {
        return Self.failed("output", String(cString: strerror(writeFailure)))
      }
      var fields: [String: Any] = ["status": response.statusCode, "bytes": received]
      for (key, header) in [
        ("etag", "ETag"), ("lastModified", "Last-Modified"), ("contentType", "Content-Type"),
        ("retryAfter", "Retry-After"),
      ] {
        if let value = response.value(forHTTPHeaderField: header) { fields[key] = value }
      }
      return Outcome(
        json: Self.object(fields), exitStatus: 0, keepsOutput: response.statusCode == 200)
    }
  }

  /// Writes `data` whole to `descriptor`.
  ///
  /// - Returns: The `errno` of a write that failed, or `nil`.
  private static func write(_ data: Data, to descriptor: Int32) -> Int32? {
    data.withUnsafeBytes { bytes -> Int32? in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(
          descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return errno }
        offset += written
      }
      return nil
    }
  }

  private static func failed(_ kind: String, _ message: String) -> Outcome {
    Outcome(
      json: object(["error": kind, "message": message]), exitStatus: 1, keepsOutput: false)
  }

  /// What kind of failure an error is, in the words bookclub's messages are chosen by.
  private static func kind(_ error: Error) -> String {
    guard let code = (error as? URLError)?.code else { return "other" }
    switch code {
    case .timedOut: return "timeout"
    case .cannotFindHost, .dnsLookupFailed: return "dns"
    case .notConnectedToInternet, .cannotConnectToHost, .networkConnectionLost: return "offline"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
      return "tls"
    default: return "other"
    }
  }

  private static func object(_ fields: [String: Any]) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]),
      let text = String(data: data, encoding: .utf8)
    else { return "{\"error\":\"other\"}" }
    return text
  }
}

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One fetch: the body streamed into memory up to the limit (a larger one is stopped, not
/// finished), written to the output file whole only when it all came.
final class FetchSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  struct Outcome {
    var json: String
    var exitStatus: Int32
  }

  private let request: FetchRequest
  private let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var body = Data()
  private var response: HTTPURLResponse?
  private var tooLarge = false
  private var failure: Error?

  init(_ request: FetchRequest) {
    self.request = request
  }

  func run() -> Outcome {
    let configuration = URLSessionConfiguration.ephemeral  // no cookies, no cache, no credentials
    configuration.timeoutIntervalForRequest = request.timeout
    configuration.timeoutIntervalForResource = request.timeout * 4
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    var urlRequest = URLRequest(url: request.url)
    urlRequest.setValue(request.userAgent, forHTTPHeaderField: "User-Agent")
    if let etag = request.etag { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
    if let date = request.lastModified {
      urlRequest.setValue(date, forHTTPHeaderField: "If-Modified-Since")
    }
    session.dataTask(with: urlRequest).resume()
    done.wait()
    session.invalidateAndCancel()
    return outcome()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    lock.withLock { self.response = response as? HTTPURLResponse }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let over = lock.withLock { () -> Bool in
      body.append(data)
      return body.count > request.maxBytes
    }
    if over {
      lock.withLock { tooLarge = true }
      dataTask.cancel()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    lock.withLock { failure = error }
    done.signal()
  }

  private func outcome() -> Outcome {
    lock.withLock {
      if tooLarge {
        return Outcome(
          json: Self.object(["error": "tooLarge", "message": "more than \(request.maxBytes) bytes"]
          ),
          exitStatus: 1)
      }
      if let failure {
        // An answer that began and then broke off was cut short, whatever the error says.
        let kind = response != nil ? "cut" : Self.kind(failure)
        return Outcome(
          json: Self.object(["error": kind, "message": failure.localizedDescription]),
          exitStatus: 1)
      }
      guard let response else {
        return Outcome(
          json: Self.object(["error": "other", "message": "no response"]), exitStatus: 1)
      }
      if response.statusCode == 200 {
        do {
          try body.write(to: URL(fileURLWithPath: request.output), options: .atomic)
        } catch {
          return Outcome(
            json: Self.object(["error": "output", "message": "\(error.localizedDescription)"]),
            exitStatus: 1)
        }
      }
      var fields: [String: Any] = ["status": response.statusCode, "bytes": body.count]
      for (key, header) in [
        ("etag", "ETag"), ("lastModified", "Last-Modified"), ("contentType", "Content-Type"),
        ("retryAfter", "Retry-After"),
      ] {
        if let value = response.value(forHTTPHeaderField: header) { fields[key] = value }
      }
      return Outcome(json: Self.object(fields), exitStatus: 0)
    }
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

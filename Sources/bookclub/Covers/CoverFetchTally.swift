/// What `covers fetch` did, cover by cover, and how it is told: a count of each outcome,
/// and each reason a cover was not fetched said once, however many covers it stopped.
struct CoverFetchTally {
  /// Covers not fetched for one reason.
  struct Problem: Equatable {
    var reason: String
    var isbns: [String]
  }

  private(set) var counts: [CoverCache.Outcome: Int] = [:]
  /// Reasons in the order they first came.
  private(set) var problems: [Problem] = []
  /// Covers fresh in the cache, not asked for.
  var fresh = 0
  /// Covers due that were never asked for (or whose answer Ctrl-C cut): the run stopped.
  var left = 0
  /// Ctrl-C stopped the run.
  var interrupted = false

  /// Counts how the fetch of `isbn` went.
  mutating func record(_ isbn: String, _ result: Result<CoverCache.Outcome, any Error>) {
    switch result {
    case .success(let outcome): counts[outcome, default: 0] += 1
    case .failure(let error):
      let reason = error.explanation
      if let index = problems.firstIndex(where: { $0.reason == reason }) {
        problems[index].isbns.append(isbn)
      } else {
        problems.append(Problem(reason: reason, isbns: [isbn]))
      }
    }
  }

  /// Covers asked for that did not come.
  var failed: Int { problems.reduce(0) { $0 + $1.isbns.count } }

  /// The line for stdout: "3 fetched, 1 unchanged, 0 without a cover, 46 fresh in the cache."
  var summary: String {
    "\(counts[.fetched, default: 0]) fetched, \(counts[.unchanged, default: 0]) unchanged, "
      + "\(counts[.noCover, default: 0]) without a cover, \(fresh) fresh in the cache."
  }

  /// A line for stderr per reason (ten at most, then how many more): the ISBN when it
  /// stopped one cover, how many and the first few when it stopped more.
  var problemLines: [String] {
    let rest = problems.count > 10 ? ["… and \(problems.count - 10) more reasons."] : []
    return problems.prefix(10).map { problem in
      let isbns = problem.isbns
      if isbns.count == 1 { return "Not fetched: \(isbns[0]): \(problem.reason)" }
      let named = isbns.prefix(3).joined(separator: ", ")
      let more = isbns.count > 3 ? " and \(isbns.count - 3) more" : ""
      return "Not fetched (\(isbns.count) covers: \(named)\(more)): \(problem.reason)"
    } + rest
  }

  /// Whether `results` show the network cannot be reached at all (every one of them failed
  /// to connect): then asking for the rest would only say so again.
  static func networkIsUnreachable(_ results: [Result<CoverCache.Outcome, any Error>]) -> Bool {
    !results.isEmpty
      && results.allSatisfy { result in
        guard case .failure(let error as FetchError) = result else { return false }
        switch error {
        case .offline, .dns, .helperMissing, .helperNamedUnusable: return true
        default: return false
        }
      }
  }
}

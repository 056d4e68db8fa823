/// Finds the word a person probably meant: the closest candidate by edit distance, when it
/// is close enough to be a typo.
enum Suggestion {
  /// The closest of `candidates` to `word`, or `nil` when none is within a third of its length
  /// (at least 1, at most 3 edits).
  static func closest(to word: String, in candidates: [String]) -> String? {
    let limit = min(3, max(1, word.count / 3))
    let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= limit }
    return scored.min { $0.1 < $1.1 }?.0
  }

  /// Levenshtein distance, counting an adjacent swap as one edit (`limt`/`lmit` → `limit`).
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      previous2 = previous
      previous = current
    }
    return previous[b.count]
  }
}

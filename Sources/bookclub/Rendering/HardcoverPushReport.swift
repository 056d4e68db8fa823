import ReadingModel

/// What `hardcover push` sent, or would send, book by book; what it left for a pull, what
/// both sides changed, what Hardcover has not or refused, and what Hardcover cannot hold:
/// never a book left out unsaid.
@MainActor
struct HardcoverPushReport {
  let run: HardcoverPushRun
  let outcome: HardcoverPushRun.Outcome
  let dryRun: Bool
  /// Bases another book's link kept from being recorded.
  let skipped: [SourceLink]

  private var plans: [HardcoverPushPlan] { run.plans }
  /// The books sent, or for a dry run those that would be.
  private var sent: [HardcoverPushPlan] { dryRun ? plans.filter(\.sendsAnything) : outcome.sent }

  /// Books both sides hold alike: nothing to send, nothing left for a pull, no conflict.
  private var alreadyTheSame: Int {
    plans.filter {
      !$0.sendsAnything && $0.conflicts.isEmpty && $0.changedThere.isEmpty && !$0.removedThere
    }.count
  }

  /// `status reading → finished; rating (none) → 4.5`.
  static func changes(_ plan: HardcoverPushPlan) -> String {
    let theirs = plan.remote?.state ?? HardcoverPushPlan.nothing
    return HardcoverState.Part.allCases.filter { plan.sending.contains($0) }.map { part in
      "\(part.rawValue) \(theirs.text(of: part)) → \(plan.ours.text(of: part))"
    }.joined(separator: "; ")
  }

  func print(to stream: TextOutput) {
    func line(_ text: String) { stream.line(TerminalText.safe(text)) }
    let added = sent.filter { $0.remote == nil }.count
    let counts =
      "\(added) added, \(sent.count - added) updated, "
      + "\(alreadyTheSame) already the same"
    line(
      dryRun
        ? "Dry run of a push to Hardcover: \(counts). Nothing was sent."
        : "Pushed to Hardcover: \(counts).")
    if outcome.stopped {
      line(
        "Stopped by Ctrl-C with \(outcome.left) books still to send; what was sent is recorded. "
          + "Run 'bookclub hardcover push' again to send the rest.")
    }
    if outcome.error != nil {
      line("Stopped with \(outcome.left) books still to send; what was sent is recorded.")
    }
    section(
      dryRun ? "Would send:" : "Sent:", sent.map { "#\($0.book) \($0.title): \(Self.changes($0))" },
      line)
    section(
      "Changed on Hardcover since the last sync (bring them here with 'bookclub hardcover pull'):",
      plans.filter { !$0.changedThere.isEmpty }.map {
        "#\($0.book) \($0.title): " + $0.changedThere.map(\.rawValue).joined(separator: ", ")
      }, line)
    section(
      "Conflicts, changed here and on Hardcover since the last sync (not sent; --yours sends "
        + "yours, 'hardcover pull --prefer source' takes Hardcover's):",
      plans.flatMap { plan in
        plan.conflicts.map {
          "#\(plan.book) \(plan.title): \($0.part.rawValue): yours \($0.ours), Hardcover \($0.theirs)"
        }
      }, line)
    section(
      "Taken out of your Hardcover library since the last sync (not sent again; 'hardcover "
        + "pull' does not remove them here):",
      plans.filter(\.removedThere).map { "#\($0.book) \($0.title)" }, line)
    section(
      "Not sent, not found on Hardcover:",
      run.notFound.map { "#\($0.book) \($0.title): \($0.reason)" }, line)
    section(
      "Progress not sent: no reading going on here or on Hardcover to carry it (start one "
        + "with 'progress set', or on Hardcover):",
      sent.filter(\.leavesProgress).map { "#\($0.book) \($0.title)" }, line)
    section(
      "Refused by Hardcover (nothing recorded for them):",
      outcome.refused.map { "#\($0.plan.book) \($0.plan.title): \($0.reason)" }, line)
    section(
      "Sent, but removed here or linked to another book since (nothing recorded for them):",
      skipped.map { "#\($0.book): Hardcover's book \($0.id)" }, line)
    var losses: [String] = []
    let ratings = run.rounding.ratings
    if let first = ratings.first {
      losses.append(
        "\(ratings.count == 1 ? "1 book" : "\(ratings.count) books"): rating \(first.ours) sent as "
          + "\(first.sent) (Hardcover has half stars)")
    }
    if run.rounding.daysGivenUp > 0 {
      losses.append(
        "\(run.rounding.daysGivenUp) readings given up: the day given up not sent (Hardcover's "
          + "readings have a start and a finish)")
    }
    if !sent.isEmpty {
      losses.append(
        "moods, tags, notes, sessions, highlights and reviews: not sent (push sends "
          + "statuses, ratings, readings and progress)")
    }
    section("What Hardcover does not get:", losses, line)
  }

  private func section(_ title: String, _ lines: [String], _ line: (String) -> Void) {
    guard !lines.isEmpty else { return }
    line(title)
    for text in lines { line("  " + text) }
  }

  /// `{"dryRun", "sent": [{"book", "title", "hardcoverBook", "added", "parts"}],
  /// "alreadyTheSame", "changedOnHardcover", "conflicts", "removedOnHardcover", "notFound",
  /// "progressNotSent", "refused", "stopped", "left"}`.
  var json: JSONValue {
    func book(_ plan: HardcoverPushPlan) -> [String: JSONValue] {
      [
        "book": .integer(plan.book), "title": .string(plan.title),
        "hardcoverBook": .integer(plan.bookID),
      ]
    }
    return .object([
      "dryRun": .bool(dryRun),
      "sent": .array(
        sent.map { plan in
          var object = book(plan)
          object["added"] = .bool(plan.remote == nil)
          object["parts"] = .array(
            HardcoverState.Part.allCases.filter { plan.sending.contains($0) }.map {
              .string($0.rawValue)
            })
          return .object(object)
        }),
      "alreadyTheSame": .integer(Int64(alreadyTheSame)),
      "changedOnHardcover": .array(
        plans.filter { !$0.changedThere.isEmpty }.map { plan in
          var object = book(plan)
          object["parts"] = .array(plan.changedThere.map { .string($0.rawValue) })
          return .object(object)
        }),
      "conflicts": .array(
        plans.flatMap { plan in
          plan.conflicts.map {
            var object = book(plan)
            object["part"] = .string($0.part.rawValue)
            object["yours"] = .string($0.ours)
            object["hardcover"] = .string($0.theirs)
            return .object(object)
          }
        }),
      "removedOnHardcover": .array(plans.filter(\.removedThere).map { .object(book($0)) }),
      "notFound": .array(
        run.notFound.map {
          .object([
            "book": .integer($0.book), "title": .string($0.title), "reason": .string($0.reason),
          ])
        }),
      "progressNotSent": .array(sent.filter(\.leavesProgress).map { .object(book($0)) }),
      "refused": .array(
        outcome.refused.map {
          var object = book($0.plan)
          object["reason"] = .string($0.reason)
          return .object(object)
        }),
      "stopped": .bool(outcome.stopped), "left": .integer(Int64(outcome.left)),
    ])
  }
}

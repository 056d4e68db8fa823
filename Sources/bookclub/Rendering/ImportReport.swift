import ReadingModel

/// The summary of an import: counts, every changed field before and after, conflicts,
/// skipped rows with their reasons, remarks, and the columns that were not kept.
@MainActor
enum ImportReport {
  /// Remarks printed in full before the rest are counted.
  nonisolated static let remarksShown = 20
  static func print(_ summary: ImportSummary, file: String, to stream: TextOutput) {
    // Every line holds titles, values and remarks from the file: each is made safe whole.
    let output = SafeLines(stream)
    let noun = summary.rowNoun
    let isDevice = noun == "book" && summary.format != HardcoverLibrary.formatName
    let counts =
      "\(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged, "
      + "\(summary.skipped.count) skipped" + (isDevice ? deviceCounts(summary) : "")
    if summary.dryRun {
      output.line("Dry run of \(file) (\(summary.format)): \(counts). Nothing was changed.")
    } else {
      let verb = isDevice ? "Ingested" : noun == "book" ? "Pulled" : "Imported"
      output.line("\(verb) \(file) (\(summary.format)): \(counts).")
    }
    let added = summary.changes.filter { $0.kind == .added }
    if !added.isEmpty {
      output.line("Would add:")
      for change in added {
        let authors = change.fields.first { $0.field == .authors }.map {
          " by " + BookField.authors.display($0.after)
        }
        output.line("  \(noun) \(change.line): \(change.title)\(authors ?? "")")
        if change.highlightsAdded > 0 {
          output.line("    highlights: \(change.highlightsAdded) added")
        }
        for line in deviceLines(change) { output.line(line) }
      }
    }
    let updated = summary.changes.filter { $0.kind == .updated }
    if !updated.isEmpty {
      output.line(summary.dryRun ? "Would update:" : "Updated:")
      for change in updated {
        output.line("  \(noun) \(change.line), #\(change.bookID ?? 0) \(change.title):")
        for field in change.fields {
          output.line(
            "    \(field.field.label): \(shown(field.field, field.before)) → "
              + shown(field.field, field.after))
        }
        if change.entriesAdded > 0 {
          output.line("    progress: \(change.entriesAdded) entries added")
        }
        if change.highlightsAdded > 0 {
          output.line("    highlights: \(change.highlightsAdded) added")
        }
        for line in deviceLines(change) { output.line(line) }
      }
    }
    if !summary.conflicts.isEmpty {
      let pulled = summary.format == HardcoverLibrary.formatName
      let (other, last) = pulled ? ("Hardcover", "sync") : ("the export", "import")
      let kept =
        summary.conflicts.contains { $0.fields.contains { $0.tookSource } }
        ? "took \(other)'s value (--prefer source)"
        : "kept yours; --prefer source takes \(other)'s"
      output.line("Conflicts, changed here and in \(other) since the last \(last) (\(kept)):")
      for book in summary.conflicts {
        for conflict in book.fields {
          output.line(
            "  \(noun) \(book.line), #\(book.bookID) \(book.title): \(conflict.field.label): "
              + "yours \(shown(conflict.field, conflict.library)), "
              + "\(pulled ? "Hardcover" : "export") \(shown(conflict.field, conflict.source))"
              + (conflict.base.map { ", was \(shown(conflict.field, $0))" } ?? ""))
        }
      }
    }
    if !summary.skipped.isEmpty {
      output.line("Skipped rows:")
      for row in summary.skipped { output.line("  \(noun) \(row.line): \(row.reason)") }
    }
    for line in deviceSections(summary) { output.line(line) }
    if !summary.remarks.isEmpty {
      // Remarks lose nothing (skipped rows and conflicts are listed whole above): a file
      // with a quirk on every row would otherwise bury the summary under its lines.
      output.line("Remarks:")
      for remark in summary.remarks.prefix(Self.remarksShown) { output.line("  " + remark) }
      let more = summary.remarks.count - Self.remarksShown
      if more > 0 { output.line("  … and \(more) more; with --json every remark is listed.") }
    }
    if !summary.columnsNotKept.isEmpty {
      output.line("Columns not kept: " + summary.columnsNotKept.joined(separator: ", "))
    }
  }

  /// Lines written through ``TerminalText``.
  @MainActor
  private struct SafeLines {
    let stream: TextOutput
    init(_ stream: TextOutput) { self.stream = stream }
    func line(_ text: String) { stream.line(TerminalText.safe(text)) }
  }

  /// A value on one line, long ones shortened: reviews can run to pages.
  private static func shown(_ field: BookField, _ value: String) -> String {
    let text = field.display(value).split(separator: "\n").joined(separator: " ")
    return TerminalText.shortened(text, to: 60)
  }

  /// `{"added", "updated", "unchanged", "skipped": [{"line", "reason"}], "changes",
  /// "conflicts", "remarks", "columnsNotKept", "format", "dryRun"}`
  static func json(_ summary: ImportSummary) -> JSONValue {
    var members: [String: JSONValue] = [
      "format": .string(summary.format),
      "added": .integer(Int64(summary.added)),
      "updated": .integer(Int64(summary.updated)),
      "unchanged": .integer(Int64(summary.unchanged)),
      "skipped": .array(
        summary.skipped.map {
          .object(["line": .integer(Int64($0.line)), "reason": .string($0.reason)])
        }),
      "changes": .array(summary.changes.map { json($0, device: summary.rowNoun == "book") }),
      "conflicts": .array(summary.conflicts.flatMap(json)),
      "remarks": .array(summary.remarks.map(JSONValue.string)),
      "columnsNotKept": .array(summary.columnsNotKept.map(JSONValue.string)),
      "dryRun": .bool(summary.dryRun),
    ]
    if summary.rowNoun == "book" { members.merge(deviceJSON(summary)) { $1 } }
    return .object(members)
  }

  /// `{"line", "book", "title", "kind", "fields": [{"field", "before", "after"}],
  /// "entriesAdded", "highlightsAdded"}`
  private static func json(_ change: BookChange, device: Bool) -> JSONValue {
    var members: [String: JSONValue] = [
      "line": .integer(Int64(change.line)),
      "book": change.bookID.map { .integer($0) } ?? .null,
      "title": .string(change.title),
      "kind": .string(change.kind.rawValue),
      "fields": .array(
        change.fields.map {
          .object([
            "field": .string($0.field.rawValue), "before": .string($0.before),
            "after": .string($0.after),
          ])
        }),
      "entriesAdded": .integer(Int64(change.entriesAdded)),
      "highlightsAdded": .integer(Int64(change.highlightsAdded)),
    ]
    if device { members.merge(deviceJSON(change)) { $1 } }
    return .object(members)
  }

  /// One object per field: `{"line", "book", "title", "field", "library", "source", "base",
  /// "resolution"}`.
  private static func json(_ book: BookConflicts) -> [JSONValue] {
    book.fields.map { conflict in
      .object([
        "line": .integer(Int64(book.line)),
        "book": .integer(book.bookID),
        "title": .string(book.title),
        "field": .string(conflict.field.rawValue),
        "library": .string(conflict.library),
        "source": .string(conflict.source),
        "base": conflict.base.map(JSONValue.string) ?? .null,
        "resolution": .string(conflict.tookSource ? "source" : "library"),
      ])
    }
  }
}

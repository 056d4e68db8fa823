import ReadingModel

/// The summary of an import: counts, every skipped row with its line and reason, remarks,
/// and the columns that were not kept.
@MainActor
enum ImportReport {
  static func print(_ summary: ImportSummary, file: String, to output: TextOutput) {
    let counts =
      "\(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged, "
      + "\(summary.skipped.count) skipped"
    if summary.dryRun {
      output.line("Dry run of \(file) (\(summary.format)): \(counts). Nothing was changed.")
    } else {
      output.line("Imported \(file) (\(summary.format)): \(counts).")
    }
    if !summary.skipped.isEmpty {
      output.line("Skipped rows:")
      for row in summary.skipped { output.line("  line \(row.line): \(row.reason)") }
    }
    if !summary.remarks.isEmpty {
      output.line("Remarks:")
      for remark in summary.remarks { output.line("  " + remark) }
    }
    if !summary.columnsNotKept.isEmpty {
      output.line("Columns not kept: " + summary.columnsNotKept.joined(separator: ", "))
    }
  }

  /// `{"added", "updated", "unchanged", "skipped": [{"line", "reason"}], "remarks",
  /// "columnsNotKept", "format", "dryRun"}`
  static func json(_ summary: ImportSummary) -> JSONOutput {
    .object([
      "format": .string(summary.format),
      "added": .int(Int64(summary.added)),
      "updated": .int(Int64(summary.updated)),
      "unchanged": .int(Int64(summary.unchanged)),
      "skipped": .array(
        summary.skipped.map {
          .object(["line": .int(Int64($0.line)), "reason": .string($0.reason)])
        }),
      "remarks": .array(summary.remarks.map(JSONOutput.string)),
      "columnsNotKept": .array(summary.columnsNotKept.map(JSONOutput.string)),
      "dryRun": .bool(summary.dryRun),
    ])
  }
}

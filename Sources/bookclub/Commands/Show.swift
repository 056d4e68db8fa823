import Foundation
import ReadingModel

extension Bookclub {
  /// `bookclub show <book>`: everything about one book.
  struct Show: ParsableCommand {
    static let signature = CommandSignature(
      name: "show",
      abstract: "Show one book: details, status, progress, dates, pace and latest notes.",
      arguments: [BookTarget.argument],
      options: [.flag("json", help: "Print JSON."), LibraryOption.spec]
    )

    /// How many notes `show` lists, newest last.
    static let noteCount = 3

    let target: BookTarget
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      json = values.flag("json")
    }

    func run(_ context: CommandContext) async throws {
      let reading = try await target.open(in: context)
      let changes = try await context.library(flag: target.libraryPath)
        .statusChanges(of: reading.book.id)
      let statusSince =
        changes.last { $0.status == reading.book.status }?.time ?? reading.book.dateAdded
      let notes = Array((reading.progress.value?.notes ?? []).suffix(Self.noteCount))
      if json {
        context.output.line(Self.json(reading, statusSince: statusSince, notes: notes).text)
      } else {
        for line in Self.lines(reading, statusSince: statusSince, notes: notes, context: context) {
          context.output.line(line)
        }
      }
    }

    private static func lines(
      _ reading: CurrentlyReading, statusSince: Date, notes: [ReadingProgress.Entry],
      context: CommandContext
    ) -> [String] {
      let book = reading.book
      let colors = context.terminal.colorsOutput
      var lines = [
        TextStyle.bold.apply(book.title, enabled: colors),
        "by " + book.authors.joined(separator: ", "),
        "",
      ]
      func field(_ label: String, _ value: String) {
        lines.append(label.padding(toLength: 10, withPad: " ", startingAt: 0) + value)
      }
      field("Id", String(book.id))
      if let isbn = book.isbn13 ?? book.isbn10 { field("ISBN", isbn) }
      if let pages = book.pageCount { field("Pages", String(pages)) }
      field("Status", "\(book.status.displayName) since \(DateText.day(statusSince))")
      let page = reading.currentPage.map { "  page \($0) of \(book.pageCount ?? $0)" } ?? ""
      field("Progress", ProgressBar().render(reading.currentFraction) + page)
      field("Added", DateText.day(book.dateAdded))
      if let started = reading.started { field("Started", DateText.day(started)) }
      if let finished = reading.finished { field("Finished", DateText.day(finished)) }
      if let pace = reading.pace {
        let finish = reading.estimatedFinish.map { " · finish around \(DateText.day($0))" } ?? ""
        field("Pace", ProgressText.pace(pace) + finish)
      }
      if !notes.isEmpty {
        lines += ["", "Latest notes"]
        for entry in notes {
          let percent = "\(ProgressBar.percent(entry.progress))%"
          let padding = String(repeating: " ", count: max(0, 4 - percent.count))
          lines.append(
            "  \(DateText.day(entry.time))  \(padding)\(percent)  "
              + ProgressText.oneLine(entry.note))
        }
      }
      return lines
    }

    private static func json(
      _ reading: CurrentlyReading, statusSince: Date, notes: [ReadingProgress.Entry]
    ) -> JSONOutput {
      var fields = ProgressText.jsonFields(reading)
      fields["statusSince"] = .date(statusSince)
      fields["notes"] = .array(notes.map { ProgressText.json($0, of: reading.book) })
      fields["page"] = reading.currentPage.map { .int(Int64($0)) } ?? .null
      return .object(fields)
    }
  }
}

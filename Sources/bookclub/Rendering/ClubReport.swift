import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `club status` as text: the book, then one line per member with a bar, pace, estimated
/// finish and last activity.
@MainActor
struct ClubReport {
  let name: String
  let status: ClubStatus
  /// Your id, to mark your line.
  let memberID: String

  func lines(colors: Bool) -> [String] {
    var lines = [TextStyle.bold.apply(TerminalText.safe(name), enabled: colors)]
    if let book = status.book {
      let picked = [
        status.pickedBy.map { "picked by " + TerminalText.safe($0) },
        status.pickedAt.map { "on " + DateText.day(Date(milliseconds: $0)) },
      ].compactMap { $0 }.joined(separator: " ")
      lines.append(
        "“\(TerminalText.safe(book.title))” by \(TerminalText.safe(book.author))"
          + (picked.isEmpty ? "" : " · " + picked))
    } else {
      lines.append("No book picked yet: bookclub club pick <book>")
    }
    lines.append("")
    let members = status.members.filter { !$0.hasLeft }
    let width = members.map { DisplayWidth.of(memberName($0)) }.max() ?? 0
    for member in members {
      lines.append(
        "  " + TerminalText.padded(memberName(member), to: width) + "  " + standing(member))
    }
    return lines
  }

  private func memberName(_ member: ClubStatus.Member) -> String {
    TerminalText.safe(member.name) + (member.journals.contains(memberID) ? " (you)" : "")
  }

  private func standing(_ member: ClubStatus.Member) -> String {
    var parts = [ProgressBar().render(member.fraction)]
    if let page = member.page, let pages = status.book?.pageCount, !member.finished {
      parts.append("page \(page) of \(pages)")
    }
    if member.finished { parts.append(ReadingStatus.finished.displayName) }
    if member.abandoned { parts.append(ReadingStatus.abandoned.displayName) }
    if let rating = member.rating { parts.append(Rating.display(rating)) }
    if let perDay = member.fractionPerDay, perDay > 0, !member.finished {
      let pages = status.book?.pageCount.map { Double($0) * perDay }
      parts.append(
        pages.map { "\(Int($0.rounded())) pages/day" } ?? "\(Int((perDay * 100).rounded()))%/day")
    }
    if let finish = member.estimatedFinish {
      parts.append("finish around " + DateText.day(Date(milliseconds: finish)))
    }
    parts.append("last seen " + DateText.day(Date(milliseconds: member.lastActivity)))
    return parts.joined(separator: " · ")
  }
}

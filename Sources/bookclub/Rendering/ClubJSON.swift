import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `--json` forms of the club commands (README, "JSON"): keys alphabetical, dates in
/// ``InterchangeDate`` form, fractions from 0 to 1.
enum ClubJSON {
  /// `club list --json`: one object per club.
  static func clubs(_ clubs: [ClubMembership]) -> JSONValue {
    .array(
      clubs.map { club in
        .object([
          "id": .string(club.clubID), "memberId": .string(club.memberID),
          "memberName": .string(club.memberName), "name": .string(club.name),
          "path": .string(club.path), "sharesNotes": .bool(club.sharesNotes),
        ])
      })
  }

  /// `club status --json`.
  static func status(_ status: ClubStatus, of club: ClubMembership, sharing: Bool) -> JSONValue {
    .object([
      "club": .string(club.name),
      "book": book(status.book),
      "pickedAt": time(status.pickedAt),
      "pickedBy": status.pickedBy.map(JSONValue.string) ?? .null,
      "sharing": .bool(sharing),
      "members": .array(
        status.members.map { member in
          .object([
            "id": .string(member.id), "name": .string(member.name),
            "you": .bool(member.journals.contains(club.memberID)),
            "fraction": .number(member.fraction),
            "page": member.page.map { .integer(Int64($0)) } ?? .null,
            "finished": .bool(member.finished), "abandoned": .bool(member.abandoned),
            "left": .bool(member.hasLeft),
            "rating": member.rating.map(JSONValue.number) ?? .null,
            "fractionPerDay": member.fractionPerDay.map(JSONValue.number) ?? .null,
            "estimatedFinish": time(member.estimatedFinish),
            "lastActivity": time(member.lastActivity),
          ])
        }),
    ])
  }

  /// `club notes --json`: the notes shown, and how many are hidden from where.
  static func notes(
    _ shown: [ClubStatus.SharedNote], hidden: [ClubStatus.SharedNote], book: ClubBook,
    of club: ClubMembership
  ) -> JSONValue {
    .object([
      "club": .string(club.name),
      "book": self.book(book),
      "notes": .array(
        shown.map { note in
          .object([
            "member": .string(note.member), "text": .string(note.text),
            "fraction": .number(note.fraction), "time": time(note.time),
          ])
        }),
      "hidden": .integer(Int64(hidden.count)),
      "hiddenFrom": hidden.map(\.fraction).min().map(JSONValue.number) ?? .null,
    ])
  }

  /// A club book as journals write it: `{"author", "isbn13", "pages", "title"}`.
  static func book(_ book: ClubBook?) -> JSONValue {
    guard let book else { return .null }
    return .object([
      "author": .string(book.author), "title": .string(book.title),
      "isbn13": book.isbn13.map(JSONValue.string) ?? .null,
      "pages": book.pageCount.map { .integer(Int64($0)) } ?? .null,
    ])
  }

  private static func time(_ milliseconds: Int64?) -> JSONValue {
    JSONValue.date(milliseconds.map { Date(milliseconds: $0) })
  }
}

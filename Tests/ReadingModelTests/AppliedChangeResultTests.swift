import Foundation
import Testing

@testable import ReadingModel

/// What a change made is read by the command that made it as a value its kind guarantees,
/// and one that is missing is a clear internal error, never a crash.
@Suite struct AppliedChangeResultTests {
  let goal = ReadingGoal(year: 2026, books: 12)

  func applied(_ outcome: AppliedChange.Outcome, after: Book? = nil) -> AppliedChange {
    AppliedChange(
      record: nil, before: nil,
      after: after.map { AppliedChange.BookState(book: $0, position: nil, rating: nil) },
      outcome: outcome)
  }

  @Test func eachKindGivesWhatItMade() throws {
    #expect(try applied(.goalCleared(goal)).goalCleared() == goal)
    #expect(try applied(.goalCleared(nil)).goalCleared() == nil)
    let book = Book(
      id: 7, title: "Emma", authors: ["Jane Austen"], status: .reading,
      dateAdded: Date(timeIntervalSince1970: 0), dateUpdated: Date(timeIntervalSince1970: 0))
    #expect(try applied(.added(book), after: book).bookAfter() == book)
  }

  @Test func aResultMissingIsAnInternalErrorNamingBothKinds() {
    let change = applied(.goalSet(goal))
    #expect(throws: AppliedChange.MissingResult(wanted: "an edit", outcome: "goalSet")) {
      try change.edited()
    }
    #expect(throws: AppliedChange.MissingResult(wanted: "a note set", outcome: "goalSet")) {
      try change.noteSet()
    }
    #expect(throws: AppliedChange.MissingResult(wanted: "an entry removed", outcome: "goalSet")) {
      try change.entryRemoved()
    }
    #expect(throws: AppliedChange.MissingResult(wanted: "a book trashed", outcome: "goalSet")) {
      try change.trashed()
    }
    #expect(throws: AppliedChange.MissingResult(wanted: "a goal cleared", outcome: "goalSet")) {
      try change.goalCleared()
    }
    #expect(
      throws: AppliedChange.MissingResult(wanted: "the book after it", outcome: "goalSet")
    ) { try change.bookAfter() }
    #expect(
      AppliedChange.MissingResult(wanted: "an edit", outcome: "goalSet").errorDescription
        == "Internal error: the change was made, but it did not report an edit (it reported "
        + "goalSet). Please report this bug.")
  }
}

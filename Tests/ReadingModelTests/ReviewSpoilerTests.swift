import Foundation
import Testing

@testable import ReadingModel

/// A review's spoiler mark (``BookField/spoiler``): merged by imports as the review is,
/// read from Goodreads' `Spoiler` cells, kept by the library's table, and found unmarked in
/// a library made before the mark existed.
@Suite struct ReviewSpoilerTests {
  let folder = TemporaryFolder()

  @Test func aSourceThatMarksTheReviewLaterMarksItHere() {
    let base = BookFields([.review: "The butler did it.", .spoiler: ""])
    let theirs = BookFields([.review: "The butler did it.", .spoiler: "true"])
    let merge = FieldMerge(ours: base, base: base, theirs: theirs, prefer: .library)
    #expect(merge.merged[.spoiler] == "true")
    #expect(merge.changes(from: base).map(\.field) == [.spoiler])
    #expect(merge.conflicts.isEmpty)
  }

  @Test func aMarkTakenOffHereStaysOffWhileTheSourceSaysWhatItSaid() {
    let base = BookFields([.review: "The butler did it.", .spoiler: "true"])
    let ours = BookFields([.review: "The butler did it.", .spoiler: ""])
    let merge = FieldMerge(ours: ours, base: base, theirs: base, prefer: .library)
    #expect(merge.merged == ours)
    #expect(merge.conflicts.isEmpty && merge.kept.isEmpty)
  }

  @Test func theMarkAndTheReviewMergeApart() {
    // The source rewrote the review; the library marked it. Each side's change stands.
    let base = BookFields([.review: "Old words.", .spoiler: ""])
    let ours = BookFields([.review: "Old words.", .spoiler: "true"])
    let theirs = BookFields([.review: "New words.", .spoiler: ""])
    let merge = FieldMerge(ours: ours, base: base, theirs: theirs, prefer: .library)
    #expect(merge.merged[.review] == "New words.")
    #expect(merge.merged[.spoiler] == "true")
    #expect(merge.conflicts.isEmpty)
  }

  @Test func bothSidesChangingTheReviewIsAConflictAsForAnyText() {
    // The review the mark goes with is a field like any text: both changed, ours stays.
    let base = BookFields([.review: "Old.", .spoiler: ""])
    let ours = BookFields([.review: "Mine.", .spoiler: ""])
    let theirs = BookFields([.review: "Theirs.", .spoiler: "true"])
    let kept = FieldMerge(ours: ours, base: base, theirs: theirs, prefer: .library)
    #expect(kept.merged[.review] == "Mine.")
    #expect(kept.merged[.spoiler] == "true")
    #expect(kept.conflicts.map(\.field) == [.review])
    let taken = FieldMerge(ours: ours, base: base, theirs: theirs, prefer: .source)
    #expect(taken.merged[.review] == "Theirs.")
  }

  @Test func aFirstMeetingFillsAMissingMarkAndKeepsOne() {
    let marked = BookFields([.spoiler: "true"])
    let unmarked = BookFields([.spoiler: ""])
    #expect(
      FieldMerge(ours: unmarked, base: nil, theirs: marked, prefer: .library).merged[.spoiler]
        == "true")
    #expect(
      FieldMerge(ours: marked, base: nil, theirs: unmarked, prefer: .library).merged[.spoiler]
        == "true")
  }

  @Test func aBaseStoredBeforeTheMarkExistedReadsAsUnmarked() {
    // An import made by an older bookclub stored no `spoiler`: an unmarked row is the same
    // row again, a marked one merges as a first meeting of that field.
    let old = SourceBase(fieldsJSON: #"{"review":"Fine.","title":"Emma"}"#, columnsJSON: "{}")
    #expect(old.hasSameText(as: BookFields([.review: "Fine.", .title: "Emma", .spoiler: ""])))
    #expect(!old.hasSameText(as: BookFields([.review: "Fine.", .title: "Emma", .spoiler: "true"])))
    let merge = FieldMerge(
      ours: BookFields([.review: "Fine.", .title: "Emma", .spoiler: ""]), base: old.fields,
      theirs: BookFields([.review: "Fine.", .title: "Emma", .spoiler: "true"]), prefer: .library)
    #expect(merge.merged[.spoiler] == "true")
  }

  @Test(arguments: [
    ("true", "true"), ("TRUE", "true"), (" true ", "true"), ("false", ""), ("", ""),
    ("yes\u{1B}[31m", ""), ("1", ""),
  ])
  func aSpoilerCellIsTrueOrNothing(cell: String, canonical: String) {
    #expect(BookFields.spoiler(cell: cell) == canonical)
  }

  @Test func theMarkIsShownAsYesOrNo() {
    #expect(BookField.spoiler.display("true") == "yes")
    #expect(BookField.spoiler.display("") == "no")
  }

  @Test func theMarkIsKeptWithTheBookAndTakenOffWithTheField() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let book = try await library.add(try sampleBook(0))
    let marked = BookEdit(fields: BookFields([.review: "It was a dream.", .spoiler: "true"]))
    _ = try await library.apply(.edit(book.id, marked))
    #expect(try await library.details(of: book.id).spoiler)
    let details = try await library.details(of: book.id)
    #expect(BookFields(book: book, details: details)[.spoiler] == "true")
    _ = try await library.apply(
      .edit(book.id, BookEdit(fields: BookFields([.review: "Rewritten."]))))
    #expect(try await library.details(of: book.id).spoiler, "a review without the field keeps it")
    _ = try await library.apply(.edit(book.id, BookEdit(fields: BookFields([.spoiler: ""]))))
    #expect(try await !library.details(of: book.id).spoiler)
  }

  @Test func aLibraryFromBeforeTheMarkOpensWithEveryReviewUnmarked() async throws {
    let path = folder.path("old.sqlite")
    let book: Book
    do {
      let library = SQLiteLibrary(path: path)
      book = try await library.add(try sampleBook(0))
      _ = try await library.apply(.edit(book.id, BookEdit(fields: BookFields([.review: "Old."]))))
    }
    // What a bookclub before the migration left: no column, no record of it.
    let connection = try SQLiteConnection(path: path, mode: .readWrite)
    try connection.execute(
      """
      ALTER TABLE book_details DROP COLUMN spoiler;
      DELETE FROM schema_migrations WHERE name = '\(Schema.reviewSpoilers.name)';
      """)
    let reopened = SQLiteLibrary(path: path)
    #expect(try await reopened.details(of: book.id).review == "Old.")
    #expect(try await !reopened.details(of: book.id).spoiler)
    _ = try await reopened.apply(.edit(book.id, BookEdit(fields: BookFields([.spoiler: "true"]))))
    #expect(try await reopened.details(of: book.id).spoiler)
  }

  @Test func theArchiveCarriesTheMarkOnlyWhenSet() throws {
    var details = BookDetails(review: "It was a dream.")
    var json = JSONWriter()
    details.write(to: &json)
    #expect(!String(decoding: json.bytes, as: UTF8.self).contains("spoiler"))
    details.spoiler = true
    json = JSONWriter()
    details.write(to: &json)
    #expect(String(decoding: json.bytes, as: UTF8.self).contains(#""spoiler":true"#))
    let decoded = try JSONDecoder().decode(
      BookDetails.self, from: try JSONEncoder().encode(details))
    #expect(decoded == details)
  }
}

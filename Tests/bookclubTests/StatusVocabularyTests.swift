import Foundation
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// One status vocabulary on screen (issue 26): every word a status is shown by comes from
/// ``ReadingStatus`` (its name, its short name, and those as titles), and the short form is
/// the first word of the name.
@Suite struct StatusVocabularyTests {
  @Test(arguments: ReadingStatus.allCases)
  func theShortFormIsTheNamesFirstWord(status: ReadingStatus) {
    let words = status.displayName.split(separator: " ")
    #expect(status.shortName == String(words[0]))
    #expect(status.displayName.hasPrefix(status.shortName))
    #expect(status.title.lowercased() == status.displayName)
    #expect(status.shortTitle.lowercased() == status.shortName)
    #expect(status.title.first?.isUppercase == true)
    #expect(status.title.hasPrefix(status.shortTitle))
    // The browser's narrow column is 9 wide: every short name fits it whole.
    #expect(status.shortName.count <= 9)
  }

  @Test func theWordsAreTheOnesReadersKnow() {
    #expect(
      ReadingStatus.allCases.map(\.displayName) == [
        "want to read", "reading", "finished", "abandoned", "paused",
      ])
    #expect(
      ReadingStatus.allCases.map(\.shortTitle) == [
        "Want", "Reading", "Finished", "Abandoned", "Paused",
      ])
  }

  @Test func theBrowsersTabsAreTheStatusesTitles() {
    #expect(
      BrowserTab.allCases.map(\.title) == [
        "All", "Reading", "Want to read", "Finished", "Abandoned", "Paused", "Up Next",
      ])
    #expect(
      BrowserTab.allCases.map(\.shortTitle) == [
        "All", "Reading", "Want", "Finished", "Abandoned", "Paused", "Next",
      ])
  }

  /// The browser's first row and one row of the list at `width`, a book of each status.
  func browser(width: Int) -> (tabs: String, rows: [String]) {
    let books = ReadingStatus.allCases.enumerated().map { index, status in
      var listed = page([Int64(index + 1)], hasMore: false).books[0]
      listed.book.status = status
      return listed
    }
    let grid = BrowserScreen(list: .success(books), total: books.count, colors: false).grid(
      BrowserLayout(width: width, height: 12))
    return (grid.lines[0], Array(grid.lines[2..<(2 + books.count)]))
  }

  @Test func theQueuesTabIsNamedWhereItFitsAndWhileShown() {
    #expect(browser(width: 52).tabs.hasPrefix("All Reading Want Finished Abandoned Paused Next"))
    #expect(!browser(width: 45).tabs.contains("Next"))
    var screen = BrowserScreen(list: .success([]), total: 0, colors: false)
    screen.tab = .upNext
    let tabs = screen.grid(BrowserLayout(width: 42, height: 12)).lines[0]
    #expect(tabs.contains(" 1 2 3 4 5 6 7 Next "), "\(tabs)")
  }

  @Test(arguments: [42, 45, 52, 60, 80, 120])
  func everyTabIsAWholeWordOfTheVocabulary(width: Int) {
    let tabs = browser(width: width).tabs
    for status in ReadingStatus.allCases {
      #expect(tabs.contains(status.title) || tabs.contains(status.shortTitle), "\(width): \(tabs)")
    }
    // Nothing else: no other word for a status, no word cut to fit.
    let titles = BrowserTab.allCases.map(\.title).joined(separator: " ")
    let allowed = Set(
      titles.split(separator: " ").map(String.init) + ["Next", "bookclub", "sort:", "id"])
    let words = tabs.split(separator: " ").map(String.init).filter { Int($0) == nil }
    #expect(words.allSatisfy { allowed.contains($0) }, "\(tabs)")
  }

  @Test func theBrowsersColumnSaysTheNameWhereItFitsAndTheShortNameElsewhere() {
    for (row, status) in zip(browser(width: 100).rows, ReadingStatus.allCases) {
      #expect(row.dropFirst().hasPrefix(status.displayName + " "), "\(row)")
    }
    for (row, status) in zip(browser(width: 60).rows, ReadingStatus.allCases) {
      #expect(row.dropFirst().hasPrefix(status.shortName + " "), "\(row)")
    }
  }

  @Test func theHelpNamesTheStatusesTheKeysSet() {
    let entries = BrowserKeyMap.bindings.map(\.entry)
    #expect(entries.contains("f " + ReadingStatus.finished.displayName))
    #expect(entries.contains("x " + ReadingStatus.abandoned.displayName))
  }
}

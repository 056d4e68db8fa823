import Foundation
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// The key table is the browser's only list of keys: the help overlay and `browse --help`
/// list exactly its bindings, and every key of every binding does its action where the table
/// says it applies.
@MainActor
@Suite struct BrowserKeyTableTests {
  let home = TestHome()
  let library: SQLiteLibrary

  init() async throws {
    library = SQLiteLibrary(path: home.path("library.sqlite"))
    try await library.bulkAdd([
      try NewBook(title: "Middlemarch", authors: ["George Eliot"], pageCount: 880),
      try NewBook(title: "Emma", authors: ["Jane Austen"], pageCount: 400),
    ])
  }

  /// What is left of `text` once every entry of the table, every section's name and
  /// `extra` are taken out of it, each once; longest first, as a shorter entry can be part
  /// of a longer one (`Esc cancel`, `Esc cancel, back`).
  func leftOver(_ text: String, extra: [String]) -> String {
    var left = text
    let entries = BrowserKeyMap.bindings.map(\.entry)
    let names = Set(BrowserKeyMap.bindings.map(\.section.title))
    for piece in (entries + names + extra).sorted(by: { $0.count > $1.count }) {
      guard let range = left.range(of: piece) else {
        Issue.record("missing: \(piece)")
        continue
      }
      left.replaceSubrange(range, with: "\u{0}")
    }
    return left
  }

  @Test func theHelpOverlayListsExactlyTheTablesBindings() throws {
    let screen = BrowserScreen(list: .success(page([1, 2], hasMore: false).books), showsHelp: true)
    let lines = screen.grid(BrowserLayout(width: 80, height: 24)).lines
    let top = try #require(lines.firstIndex { $0.contains("┌") })
    let bottom = try #require(lines.firstIndex { $0.contains("└") })  // not cut off
    let inside = lines[(top + 1)..<bottom].map { line -> String in
      let start = line.index(after: line.firstIndex(of: "│")!)
      let end = line.lastIndex(of: "│")!
      return String(line[start..<end])
    }
    let left = leftOver(inside.joined(separator: "\n"), extra: [BrowserKeyHelp.title])
    #expect(left.allSatisfy { $0 == " " || $0 == "\n" || $0 == "\u{0}" }, "\(left)")
  }

  @Test func browseHelpListsExactlyTheTablesBindings() async throws {
    let result = try await home.bookclub.run(["browse", "--help"])
    #expect(result.status == 0)
    let help = result.stdout.split(separator: "\n").joined(separator: " ")
    let start = try #require(help.range(of: "In the list: "))
    let end = try #require(help.range(of: "USAGE:"))
    let keys = String(help[start.lowerBound..<end.lowerBound])
    let left = leftOver(keys, extra: [])
      .replacingOccurrences(of: ": ", with: "")
      .replacingOccurrences(of: "; ", with: "")
      .replacingOccurrences(of: ".", with: "")
    #expect(left.allSatisfy { $0 == " " || $0 == "\u{0}" }, "\(left)")
  }

  @Test func noKeyIsBoundTwiceInOneSection() {
    var seen: [String: Int] = [:]
    for binding in BrowserKeyMap.bindings {
      for (key, _) in binding.keys { seen["\(binding.section) \(key)", default: 0] += 1 }
    }
    #expect(seen.filter { $0.value > 1 }.isEmpty, "\(seen.filter { $0.value > 1 })")
  }

  /// A model with the list loaded, and where `section` has the keys.
  func model(for section: BrowserKeyBinding.Section) async -> BrowserModel {
    let model = BrowserModel(
      library: library, notices: NoticeQueue(), layout: BrowserLayout(width: 80, height: 24),
      colors: false)
    model.start()
    for _ in 0..<500 where model.books.count < 2 { try? await Task.sleep(for: .milliseconds(10)) }
    switch section {
    case .anywhere, .list, .book: break
    case .detail: _ = model.handle(.enter)
    case .search: _ = model.handle(.character("/"))
    case .prompt: _ = model.handle(.character("n"))
    case .help: _ = model.handle(.character("?"))
    }
    return model
  }

  @Test func everyKeyOfEveryBindingDoesItsAction() async throws {
    for binding in BrowserKeyMap.bindings {
      for (key, action) in binding.keys {
        let model = await model(for: binding.section)
        let (command, done) = model.dispatch(key)
        #expect(done == action, "\(binding.entry): \(key)")
        switch action {
        case .app(.quit): #expect(command == .quit, "\(key)")
        case .app(.suspend): #expect(command == .suspend, "\(key)")
        case .app(.help): #expect(model.help.isShown)
        case .app(.openBook): #expect(model.detail != nil)
        case .book(.noteInEditor), .prompt(.editor):
          #expect(command == .editDraft(bookID: 1, note: ""), "\(key)")
        default: #expect(command == .none, "\(binding.entry): \(key)")
        }
        #expect(await model.writes.settle(within: .seconds(30)))
      }
    }
  }

  @Test func ctrlCQuitsFromAPromptAndTheSearch() async {
    for section in [BrowserKeyBinding.Section.prompt, .search, .detail] {
      let model = await model(for: section)
      #expect(model.handle(.control("c")) == .quit, "\(section)")
    }
  }
}

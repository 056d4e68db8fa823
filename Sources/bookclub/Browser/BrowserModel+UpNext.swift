import ReadingModel

/// A book's series from the browser: `=` narrows the list to the highlighted book's (first)
/// series, in its order, and `=` again shows every book.
extension BrowserModel {
  func toggleSeries() {
    guard list.series == nil else { return list.show(series: nil) }
    guard let book = target else { return }
    let library = self.library
    Task {
      do {
        guard let name = try await library.details(of: book.id).series.first?.name else {
          return notices.push("“\(book.title)” is in no series.")
        }
        list.show(series: name)
      } catch {
        notices.push(error.explanation, level: .warning)
      }
    }
  }
}

/// Up Next from the browser: `+` puts a book last in the queue, `-` takes it out, and in
/// the Up Next tab `K` and `J` move it one place up or down. Each is one change through the
/// writer, as `bookclub next add`, `remove` and `move` make it.
extension BrowserModel {
  /// Puts the target last in the queue, or takes it out of it.
  func queue(_ placement: UpNextPlacement) {
    guard let book = target else { return }
    let row = list.cursor
    move(
      book, to: placement, saying: placement == .out ? "is out of Up Next" : "is last in Up Next"
    ) {
      // In the queue's tab the list changed: a book left it, or came to its end.
      guard self.list.tab.isQueue else { return }
      self.list.reload(highlighting: placement == .out ? min(row, self.books.count - 2) : row)
    }
  }

  /// Moves the highlighted book `offset` places (-1 up, 1 down) in the queue, in the Up Next
  /// tab shown in the queue's own order.
  func moveInQueue(by offset: Int) {
    guard list.showsQueueOrder else {
      notices.push(
        "Books move in Up Next in its own tab (\(BrowserTab.upNext.rawValue + 1)), in its order.",
        level: .warning)
      return
    }
    let row = list.cursor
    guard let book = highlighted?.book, target?.id == book.id else { return }
    let neighbour = row + offset
    guard books.indices.contains(neighbour) else {
      notices.push("“\(book.title)” is \(offset < 0 ? "first" : "last") in Up Next already.")
      return
    }
    let other = books[neighbour].id
    move(
      book, to: offset < 0 ? .before(other) : .after(other),
      saying: "moved \(offset < 0 ? "up" : "down") Up Next"
    ) { self.list.reload(highlighting: neighbour) }
  }

  private func move(
    _ book: Book, to placement: UpNextPlacement, saying words: String,
    then: @escaping @MainActor () -> Void
  ) {
    let (writer, progress) = (self.writer, listedProgress(of: book.id))
    write(book.id, then: then) {
      let result = try await writer.apply(.edit(book.id, .upNext(placement))).edited()
      guard !result.changes.isEmpty else {
        return (result.book, progress, "“\(book.title)” is not in Up Next.")
      }
      return (result.book, progress, "“\(book.title)” \(words).")
    }
  }
}

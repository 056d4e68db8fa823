/// The columns a book's title and authors decide: folded for sorting and search, and the
/// forms matching compares (``MatchKey``).
///
/// An import works them out once for a row it has not met before: to find the book it is,
/// then to add it when there is none.
struct BookKeys: Sendable, Equatable {
  /// The title and authors the keys are of.
  let title: String
  let authors: [String]
  /// `title_key`: the title folded, for sorting.
  let titleKey: String
  /// `author_key`: the first author folded, for sorting.
  let authorKey: String
  /// `search_text`: the title and authors folded, for the search index.
  let searchText: String
  /// `match_title` and `match_author`: what finds the same book in another export.
  let matchTitle: String
  let matchAuthor: String
  /// `author_sort`: the first author last name first, folded.
  let authorSort: String

  init(title: String, authors: [String]) {
    self.title = title
    self.authors = authors
    let first = authors.first ?? ""
    titleKey = SearchKey.fold(title)
    authorKey = SearchKey.fold(first)
    searchText = SearchKey.fold(([title] + authors).joined(separator: " "))
    matchTitle = MatchKey.title(title)
    matchAuthor = MatchKey.author(first)
    authorSort = AuthorName.sortKey(first)
  }

  /// The keys of `book`: these when they are of its title and authors, else worked out.
  func of(_ book: Book) -> BookKeys {
    book.title == title && book.authors == authors
      ? self : BookKeys(title: book.title, authors: book.authors)
  }
}

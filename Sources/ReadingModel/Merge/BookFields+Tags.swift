extension BookFields {
  /// These fields with tags added and removed; tags compare ignoring case and accents, so
  /// adding `Sci-Fi` to a book tagged `sci-fi` changes nothing.
  ///
  /// - Parameters:
  ///   - added: Tags to add, in order, each unless the book has it.
  ///   - removed: Tags to remove.
  /// - Returns: The fields with the new tag list.
  public func changingTags(adding added: [String], removing removed: [String]) -> BookFields {
    var list = self.list(.tags)
    for tag in added {
      let key = SearchKey.fold(tag)
      if !list.contains(where: { SearchKey.fold($0) == key }) { list.append(tag) }
    }
    let removedKeys = Set(removed.map(SearchKey.fold))
    list.removeAll { removedKeys.contains(SearchKey.fold($0)) }
    var next = self
    next.setList(.tags, list)
    return next
  }
}

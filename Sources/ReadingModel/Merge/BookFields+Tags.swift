extension BookFields {
  /// These fields with tags added and removed; tags compare ignoring case and accents, so
  /// adding `Sci-Fi` to a book tagged `sci-fi` changes nothing.
  ///
  /// - Parameters:
  ///   - added: Tags to add, in order, each unless the book has it.
  ///   - removed: Tags to remove.
  /// - Returns: The fields with the new tag list.
  public func changingTags(adding added: [String], removing removed: [String]) -> BookFields {
    changing(.tags, adding: added, removing: removed)
  }

  /// These fields with items of a list compared folded (tags, moods) added and removed.
  ///
  /// - Parameters:
  ///   - field: The list.
  ///   - added: Items to add, in order, each unless the list has it.
  ///   - removed: Items to remove.
  /// - Returns: The fields with the new list.
  public func changing(_ field: BookField, adding added: [String], removing removed: [String])
    -> BookFields
  {
    var list = self.list(field)
    for item in added {
      let key = SearchKey.fold(item)
      if !list.contains(where: { SearchKey.fold($0) == key }) { list.append(item) }
    }
    let removedKeys = Set(removed.map(SearchKey.fold))
    list.removeAll { removedKeys.contains(SearchKey.fold($0)) }
    var next = self
    next.setList(field, list)
    return next
  }
}

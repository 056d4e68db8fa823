extension BookFields {
  /// These fields with content warnings given and topics taken away: one warning a topic
  /// (compared folded), so a warning given for a topic the book has replaces its severity.
  ///
  /// - Parameters:
  ///   - added: Warnings to give, in order.
  ///   - removed: Topics to take away (`Violence`), whatever their severity.
  /// - Returns: The fields with the new list.
  public func changingWarnings(adding added: [ContentWarning], removing removed: [String])
    -> BookFields
  {
    var warnings = list(.warnings).compactMap(ContentWarning.init(text:))
    for warning in added {
      let key = SearchKey.fold(warning.topic)
      if let index = warnings.firstIndex(where: { SearchKey.fold($0.topic) == key }) {
        warnings[index] = warning
      } else {
        warnings.append(warning)
      }
    }
    let gone = Set(removed.map { SearchKey.fold(ContentWarning(text: $0)?.topic ?? $0) })
    warnings.removeAll { gone.contains(SearchKey.fold($0.topic)) }
    var next = self
    next.setList(.warnings, warnings.map(\.text))
    return next
  }
}

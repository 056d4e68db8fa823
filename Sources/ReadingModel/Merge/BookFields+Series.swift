extension BookFields {
  /// These fields with places in series given and series left. Series compare by
  /// ``SeriesPlace/key``: giving `Discworld #4` to a book in `discworld #3` moves it.
  ///
  /// - Parameters:
  ///   - added: Places to give, in order; one in a series the book is in replaces it there.
  ///   - removed: Names of series to take the book out of.
  /// - Returns: The fields with the new list of places.
  public func changingSeries(adding added: [SeriesPlace], removing removed: [String]) -> BookFields
  {
    var places = list(.series).compactMap(SeriesPlace.init(text:))
    for place in added {
      if let index = places.firstIndex(where: { $0.key == place.key }) {
        places[index] = place
      } else {
        places.append(place)
      }
    }
    let removedKeys = Set(removed.map(SearchKey.fold))
    places.removeAll { removedKeys.contains($0.key) }
    var next = self
    next.setList(.series, places.map(\.text))
    return next
  }
}

extension FieldMerge {
  /// Merges a list item by item.
  ///
  /// With a base: what the source removed since goes, what it added comes, an item it
  /// rewrote is rewritten where the library still has the old text, and the library's own
  /// items stay. Without one: the union, the library's order first.
  ///
  /// - Parameter finishesKeptBefore: For readings, a day before which readings the source no
  ///   longer lists are not removed: it lists only its latest (``unlistedReadingsEnd(_:)``).
  static func mergeList(
    _ field: BookField, ours: [String], base: [String]?, theirs: [String],
    finishesKeptBefore: CalendarDay? = nil
  ) -> [String] {
    guard case .list(let item) = field.kind else { return theirs }
    func key(_ value: String) -> String { itemKey(value, item) }
    var result = ours
    if let base {
      let baseByKey = Dictionary(
        base.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
      let theirKeys = Set(theirs.map(key))
      func stillRead(_ value: String) -> Bool {
        guard let keptBefore = finishesKeptBefore, let end = ReadingPeriod(text: value).end
        else { return false }
        return end < keptBefore
      }
      result.removeAll {
        baseByKey[key($0)] != nil && !theirKeys.contains(key($0)) && !stillRead($0)
      }
      for value in theirs {
        let valueKey = key(value)
        if let old = baseByKey[valueKey] {
          // Rewritten at the source: follow it where the library still has the old text.
          if old != value, let index = result.firstIndex(of: old) { result[index] = value }
        } else {
          add(value, key: valueKey, to: &result, item: item)
        }
      }
    } else {
      for value in theirs { add(value, key: key(value), to: &result, item: item) }
    }
    if case .reading = item { result.sort { key($0) < key($1) } }
    return result
  }

  /// Adds `value` unless an item with its key is there; a reading with a start replaces the
  /// same reading without one.
  private static func add(
    _ value: String, key valueKey: String, to list: inout [String], item: BookField.ListItem
  ) {
    guard let index = list.firstIndex(where: { itemKey($0, item) == valueKey }) else {
      list.append(value)
      return
    }
    if case .reading = item, list[index].hasPrefix("/"), !value.hasPrefix("/") {
      list[index] = value
    }
  }

  /// What makes two items one: the folded name, the tag, the code, or a reading's finish day
  /// (its start when it has no finish).
  static func itemKey(_ value: String, _ item: BookField.ListItem) -> String {
    switch item {
    case .person: MatchKey.author(value)
    case .tag: SearchKey.fold(value)
    case .code: value
    case .series: SeriesPlace(text: value)?.key ?? SearchKey.fold(value)
    case .reading:
      // `start/end` or `start/end/abandoned`: the finish day, else the start.
      value.split(separator: "/", omittingEmptySubsequences: false).dropFirst().first
        .map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? value
    }
  }

  /// The latest finish a source lists when it counts more readings than it lists
  /// (Goodreads' one `Date Read`, the latest, beside a `Read Count` of 2): its earlier
  /// readings are not gone, only unlisted. `nil` when the source lists every reading it
  /// counts, so a moved or removed finish is a correction.
  static func unlistedReadingsEnd(_ theirs: BookFields) -> CalendarDay? {
    guard let count = Int(theirs[.readCount] ?? "") else { return nil }
    let listed = theirs.list(.readings).map(ReadingPeriod.init(text:))
    guard count > listed.count else { return nil }
    return listed.compactMap(\.end).max()
  }
}

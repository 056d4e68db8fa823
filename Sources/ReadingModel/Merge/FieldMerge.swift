/// Which side wins a conflict: the library (the default) or the source being imported.
public enum MergePreference: String, Sendable, CaseIterable {
  case library
  case source
}

/// A field both sides changed, or that a source gives differently from the library the
/// first time it describes a book.
public struct FieldConflict: Sendable, Equatable {
  public var field: BookField
  /// The library's value.
  public var library: String
  /// The source's value now.
  public var source: String
  /// What the source said at its last import; `nil` the first time.
  public var base: String?
  /// Whether the source's value was applied (`--prefer source`).
  public var tookSource: Bool
}

/// The three-way merge of one book with one source (DESIGN.md section 7).
///
/// *base* is what the source said at its last import, *theirs* what it says now, *ours* the
/// library now. Where theirs equals base nothing changes, whatever ours is. Where theirs
/// changed and ours did not, theirs is applied, an empty value too. Where both changed, ours
/// is kept and the field reported (``MergePreference/source`` takes theirs). Lists merge
/// item by item (what the source removed goes, what it added comes, the library's own
/// items stay), so two sources' authors, tags and readings end up as their union. Without a
/// base (a source describing a book for the first time) the library's values stand and empty
/// ones are filled. Statuses never move backwards unless the source is preferred; the
/// earliest date added wins.
public struct FieldMerge: Sendable {
  public private(set) var merged: BookFields
  /// Fields both sides changed, and backward status moves.
  public private(set) var conflicts: [FieldConflict] = []
  /// Without a base: fields where the library's value was kept over the source's.
  public private(set) var kept: [FieldConflict] = []

  /// - Parameters:
  ///   - ours: The library's fields for the book.
  ///   - base: The source's fields at its last import, or `nil` the first time.
  ///   - theirs: The source's fields now; only these fields can change.
  ///   - prefer: Who wins a conflict.
  public init(
    ours: BookFields, base: BookFields?, theirs: BookFields, prefer: MergePreference
  ) {
    merged = ours
    var extraIdentifiers: [String] = []
    for field in theirs.fields {
      let their = theirs[field] ?? ""
      let our = ours[field] ?? ""
      // Nothing to do where the source says what it said before, or what the library has.
      if base?[field] == their || (base?.has(field) != true && our == their) { continue }
      // Series a title names (Goodreads'), said for the first time about a book whose title
      // here is that very title: the library already had the title and chose its series
      // (none, or others); only a title that differs here, as StoryGraph's bare one, takes
      // them. So a library's own Goodreads export reads back as no change.
      if field == .series, base?.has(.series) != true, ours[.title] == theirs[.title] { continue }
      // A binding that only names the format the library has, said for the first time
      // about a book without one (an export wrote the format in its words): no news.
      if field == .binding, base?.has(.binding) != true, our.isEmpty,
        let format = BookFormat(binding: their), ours[.format] == format.rawValue
      {
        continue
      }
      if field.isList {
        merged.setList(
          field,
          Self.mergeList(
            field, ours: ours.list(field), base: base?.has(field) == true ? base?.list(field) : nil,
            theirs: theirs.list(field),
            finishesKeptBefore: field == .readings ? Self.unlistedReadingsEnd(theirs) : nil))
        continue
      }
      let resolution: String
      if let base, let old = base[field] {
        resolution = resolve(field, ours: our, base: old, theirs: their, prefer: prefer)
      } else {
        resolution = meet(field, ours: our, theirs: their)
        // Two sources name two editions: the library keeps one ISBN, the other is kept too.
        if field == .isbn13 || field == .isbn10, resolution == our, !their.isEmpty, their != our {
          extraIdentifiers.append(their)
        }
      }
      merged[field] = resolution
    }
    if !extraIdentifiers.isEmpty {
      var identifiers = merged.list(.identifiers)
      for code in extraIdentifiers where !identifiers.contains(code) { identifiers.append(code) }
      merged.setList(.identifiers, identifiers)
    }
  }

  /// The fields whose value the merge changes, with the value before and after.
  public func changes(from ours: BookFields) -> [(field: BookField, before: String, after: String)]
  {
    merged.fields.compactMap { field in
      let before = ours[field] ?? ""
      let after = merged[field] ?? ""
      return before == after ? nil : (field, before, after)
    }
  }

  /// What to remember as the source's base after this merge: what it says now, except
  /// where a conflict kept the library's value. There the old base stays, so the next import
  /// lists the conflict again until it is resolved (`--prefer source`, or a change on either
  /// side).
  public func nextBase(theirs: BookFields, base: BookFields?) -> BookFields {
    var next = theirs
    for conflict in conflicts where !conflict.tookSource {
      next[conflict.field] = base?[conflict.field] ?? theirs[conflict.field]
    }
    return next
  }

  /// A re-import: theirs is compared with base, ours with base.
  private mutating func resolve(
    _ field: BookField, ours: String, base: String, theirs: String, prefer: MergePreference
  ) -> String {
    guard theirs != base else { return ours }
    if case .dateAdded = field.kind { return Self.earliest(ours, theirs) }
    if case .status = field.kind, Self.rank(theirs) != Self.rank(ours) {
      // Forward moves apply; an import never moves a book backwards on its own.
      if Self.rank(theirs) > Self.rank(ours) { return theirs }
      return conflict(field, ours: ours, theirs: theirs, base: base, prefer: prefer)
    }
    if case .rating = field.kind {
      return resolveRating(ours: ours, base: base, theirs: theirs, prefer: prefer)
    }
    if Self.agree(field, ours, base) { return Self.preciser(field, theirs, than: ours) }
    if Self.agree(field, ours, theirs) { return Self.preciser(field, ours, than: theirs) }
    return conflict(field, ours: ours, theirs: theirs, base: base, prefer: prefer)
  }

  /// A re-import of a rating the source changed. The one change that is no change is a
  /// whole-star source giving the rounding of the library's fraction (Goodreads' 5 for a 4.75
  /// rated here or at StoryGraph): the fraction stays. Any other value is a change: applied
  /// where the library still says what the source said, a conflict where the library says
  /// something else, even a fraction that rounds to the old base (a 2.5 rated here over
  /// Goodreads' 3 is the reader's own change, not agreement).
  private mutating func resolveRating(
    ours: String, base: String, theirs: String, prefer: MergePreference
  ) -> String {
    if Self.isRounding(theirs, of: ours) || ours == theirs { return ours }
    if ours == base { return theirs }
    return conflict(.rating, ours: ours, theirs: theirs, base: base, prefer: prefer)
  }

  /// Whether `whole` is a whole number of stars that `fraction`, a fractional rating, rounds to.
  static func isRounding(_ whole: String, of fraction: String) -> Bool {
    guard let whole = Rating(storedText: whole), let fraction = Rating(storedText: fraction)
    else { return false }
    return whole.isRounding(of: fraction)
  }

  /// A first meeting: the library's values stand, empty ones are filled.
  private mutating func meet(_ field: BookField, ours: String, theirs: String) -> String {
    if ours.isEmpty { return theirs }
    if theirs.isEmpty { return ours }
    if case .dateAdded = field.kind { return Self.earliest(ours, theirs) }
    if case .status = field.kind, Self.rank(theirs) > Self.rank(ours) { return theirs }
    if Self.agree(field, ours, theirs) { return Self.preciser(field, ours, than: theirs) }
    kept.append(
      FieldConflict(field: field, library: ours, source: theirs, base: nil, tookSource: false))
    return ours
  }

  private mutating func conflict(
    _ field: BookField, ours: String, theirs: String, base: String, prefer: MergePreference
  ) -> String {
    conflicts.append(
      FieldConflict(
        field: field, library: ours, source: theirs, base: base, tookSource: prefer == .source))
    return prefer == .source ? theirs : ours
  }

  /// Whether two values of `field` say the same thing.
  static func agree(_ field: BookField, _ lhs: String, _ rhs: String) -> Bool {
    if lhs == rhs { return true }
    switch field.kind {
    case .title: return MatchKey.title(lhs) == MatchKey.title(rhs)
    case .rating:
      guard let left = Double(lhs), let right = Double(rhs) else { return false }
      return left.rounded() == right || right.rounded() == left
    default:
      // StoryGraph's `Owned?` says yes (1) to any number of copies.
      if field == .owned, let left = Int(lhs), let right = Int(rhs) {
        return left >= 1 && right >= 1 && (left == 1 || right == 1)
      }
      // `Paperback` and `paperback` are one binding; services differ in case only.
      return (field == .binding || field == .publisher)
        && SearchKey.fold(lhs) == SearchKey.fold(rhs)
    }
  }

  /// Of two agreeing values, the one that says more: a fractional rating over its rounding.
  private static func preciser(_ field: BookField, _ value: String, than other: String) -> String {
    guard case .rating = field.kind, isRounding(value, of: other) else { return value }
    return other
  }

  private static func earliest(_ lhs: String, _ rhs: String) -> String {
    guard let left = CalendarDay(lhs) else { return rhs }
    guard let right = CalendarDay(rhs) else { return lhs }
    return right < left ? rhs : lhs
  }

  /// want < reading, paused < finished, abandoned.
  private static func rank(_ status: String) -> Int {
    switch ReadingStatus(rawValue: status) {
    case .wantToRead, nil: 0
    case .reading, .paused: 1
    case .finished, .abandoned: 2
    }
  }
}

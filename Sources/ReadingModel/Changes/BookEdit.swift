/// An edit of a book's fields as a value: fields set to new text, authors and tags added or
/// taken away. Applied to the fields as they are inside the write transaction.
public struct BookEdit: Sendable, Equatable {
  /// What the book's history calls it.
  public var kind: BookEvent.Kind
  /// Fields given a value (an empty text clears the field).
  public var fields: BookFields
  /// Authors added after the book's own, unless it has them.
  public var addingAuthors: [String]
  /// Tags added and tags taken away.
  public var addingTags: [String]
  public var removingTags: [String]
  /// Places in series given (a place in a series the book is in moves it), and series the
  /// book leaves, by name.
  public var addingSeries: [SeriesPlace]
  public var removingSeries: [String]
  /// Where the book goes in the Up Next queue, resolved against the queue in the write
  /// transaction; `nil` leaves its place alone.
  public var queue: UpNextPlacement?
  /// Moods added and moods taken away.
  public var addingMoods: [String] = []
  public var removingMoods: [String] = []
  /// The work the book becomes an edition of, resolved in the write transaction; `nil`
  /// leaves it alone.
  public var work: WorkLink?
  /// Content warnings given (one of a topic the book has replaces it), and topics taken away.
  public var addingWarnings: [ContentWarning] = []
  public var removingWarnings: [String] = []

  public init(
    kind: BookEvent.Kind = .edit, fields: BookFields = BookFields(),
    addingAuthors: [String] = [], addingTags: [String] = [], removingTags: [String] = [],
    addingSeries: [SeriesPlace] = [], removingSeries: [String] = []
  ) {
    self.kind = kind
    self.fields = fields
    self.addingAuthors = addingAuthors
    self.addingTags = addingTags
    self.removingTags = removingTags
    self.addingSeries = addingSeries
    self.removingSeries = removingSeries
  }

  /// A book put in the Up Next queue, moved in it, or taken out.
  public static func upNext(_ placement: UpNextPlacement) -> BookEdit {
    var edit = BookEdit()
    edit.queue = placement
    return edit
  }

  /// A book linked to a work, or out of the one it was in.
  public static func work(_ link: WorkLink) -> BookEdit {
    var edit = BookEdit()
    edit.work = link
    return edit
  }

  /// A book put in series, moved in them, or taken out of them.
  public static func series(adding: [SeriesPlace] = [], removing: [String] = []) -> BookEdit {
    BookEdit(addingSeries: adding, removingSeries: removing)
  }

  /// A rating given, or taken away with `nil`.
  public static func rating(_ rating: Rating?) -> BookEdit {
    var fields = BookFields()
    fields[.rating] = rating?.text ?? ""
    return BookEdit(kind: .rate, fields: fields)
  }

  /// Tags added or taken away.
  public static func tags(adding: [String] = [], removing: [String] = []) -> BookEdit {
    BookEdit(kind: .tags, addingTags: adding, removingTags: removing)
  }

  /// The fields after this edit.
  ///
  /// - Parameter current: The book's fields as they are now.
  public func applied(to current: BookFields) -> BookFields {
    var next = current
    for field in fields.fields { next[field] = fields[field] }
    if !addingAuthors.isEmpty {
      let existing = next.list(.authors)
      next.setList(.authors, existing + addingAuthors.filter { !existing.contains($0) })
    }
    if !addingTags.isEmpty || !removingTags.isEmpty {
      next = next.changingTags(adding: addingTags, removing: removingTags)
    }
    if !addingMoods.isEmpty || !removingMoods.isEmpty {
      next = next.changing(.moods, adding: addingMoods, removing: removingMoods)
    }
    if !addingSeries.isEmpty || !removingSeries.isEmpty {
      next = next.changingSeries(adding: addingSeries, removing: removingSeries)
    }
    if !addingWarnings.isEmpty || !removingWarnings.isEmpty {
      next = next.changingWarnings(adding: addingWarnings, removing: removingWarnings)
    }
    return next
  }
}

/// What a service's rating cell says: a rating, no rating, or something that is neither.
///
/// A cell bookclub cannot read as a rating (`7`, `-1`, `four`) says nothing about the
/// rating: read as "unrated", it would clear the library's rating at the next merge. It is
/// left out of the row's fields, so the book keeps what it has, and remarked on.
enum RatingCell: Equatable {
  /// The cell's rating, in canonical text.
  case rated(String)
  /// Empty, or zero: the service's "not rated".
  case unrated
  /// Anything else, as written.
  case refused(String)

  /// - Parameters:
  ///   - text: The cell, trimmed.
  ///   - read: How the service writes a rating (``Rating/init(storedText:)``, or whole stars).
  init(_ text: String, read: (String) -> Rating?) {
    if text.isEmpty || Double(text) == 0 {
      self = .unrated
    } else if let rating = read(text) {
      self = .rated(rating.text)
    } else {
      self = .refused(text)
    }
  }

  /// Sets the row's rating, or, for a cell that is no rating, leaves it unset and says so.
  ///
  /// - Parameters:
  ///   - fields: The row's fields.
  ///   - place: Where the row is, for the remark (`line 12`).
  ///   - remarks: Where the remark goes.
  func apply(to fields: inout BookFields, at place: String, remarks: inout [String]) {
    switch self {
    case .rated(let text): fields[.rating] = text
    case .unrated: fields[.rating] = ""
    case .refused(let text):
      remarks.append(
        "\(place): the rating \(ImportRun.quote(text)) is no "
          + "rating bookclub keeps (more than 0, at most 5 stars); the book's rating is left "
          + "as it is")
    }
  }
}

/// A rating of a book, in stars: the one place the rating rules live.
///
/// Two ranges hold, and both are kept here on purpose. A rating a person gives (`rate`, the
/// browser, `--rating-at-least`, a club member's line) is 0.25 to 5 in quarter steps. A rating
/// the library keeps or another service hands over (a stored value, an archive, a StoryGraph
/// export, a field's text) is anything above 0 up to 5: bookclub has always kept a StoryGraph
/// 4.3 as it came. Either way the canonical text is `4` or `3.75`, Goodreads sees whole stars
/// (`rounded()`, so 4.5 is 5), and the display is `★★★★½ 4.5`.
public struct Rating: Sendable, Hashable, Comparable {
  /// The stars, above 0 and at most 5.
  public let value: Double

  /// The ratings a person may give: 0.25 to 5.
  public static let givenRange: ClosedRange<Double> = 0.25...5
  /// The steps a person rates in: quarters of a star.
  public static let stepsPerStar: Double = 4

  private init(unchecked value: Double) { self.value = value }

  /// A rating as a person types it: a number (`4`, `4.5`, `3.75`) from 0.25 to 5 in quarters.
  ///
  /// - Parameter text: The text as given, parsed as Swift's `Double` parses it (no spaces).
  public init?(_ text: String) {
    guard let value = Double(text) else { return nil }
    self.init(given: value)
  }

  /// A number given as a rating (by a person or a club member): 0.25 to 5, in quarter steps.
  ///
  /// - Parameter value: The stars.
  public init?(given value: Double) {
    guard Self.givenRange.contains(value),
      (value * Self.stepsPerStar).rounded() == value * Self.stepsPerStar
    else { return nil }
    self.init(unchecked: value)
  }

  /// A number the library keeps or a service exports as a rating: above 0, to 5 stars.
  ///
  /// - Parameter value: The stars.
  public init?(stored value: Double) {
    guard value > 0, value <= 5 else { return nil }
    self.init(unchecked: value)
  }

  /// A rating written as text in a field or a CSV cell: any number ``init(stored:)`` takes.
  ///
  /// - Parameter text: `4`, `3.75`, `4.3`; empty or anything else is no rating.
  public init?(storedText text: String) {
    guard let value = Double(text) else { return nil }
    self.init(stored: value)
  }

  /// A Goodreads rating: a whole number of stars, 1 to 5 (its 0 is "not rated").
  ///
  /// - Parameter text: The `My Rating` cell.
  public init?(wholeStarsText text: String) {
    guard let stars = Int(text), (1...5).contains(stars) else { return nil }
    self.init(unchecked: Double(stars))
  }

  /// The canonical text: `4`, `3.75`.
  public var text: String { Self.text(value) }

  /// Whether the rating is a whole number of stars.
  public var isWhole: Bool { value == value.rounded() }

  /// The whole stars a service without fractions is given: the nearest, halves up (4.5 is 5).
  public var wholeStars: Int { Int(value.rounded()) }

  /// Whether this rating, rounded to whole stars, is `other`: 4.75 rounds to 5, 4 to 4.
  ///
  /// - Parameter other: The rating to compare with.
  /// - Returns: `true` when the rounding of this rating equals `other`.
  public func rounds(to other: Rating) -> Bool { value.rounded() == other.value }

  /// Whether this is a whole-star rating that `fraction`, a fractional one, rounds to
  /// (Goodreads' 5 for a 4.75).
  ///
  /// - Parameter fraction: The rating that may be more precise.
  /// - Returns: `true` when this is whole, `fraction` is not, and it rounds to this.
  public func isRounding(of fraction: Rating) -> Bool {
    isWhole && !fraction.isWhole && fraction.rounds(to: self)
  }

  /// `★★★★☆ 4`, `★★★★½ 4.5`: the stars drawn, then the canonical text.
  public var display: String { Self.display(value) }

  /// Stars drawn for any number of them, as for a rating, an average (`★★★½☆ 3.7`) included.
  ///
  /// A fraction of a star from a half up is drawn as `½`; less is not drawn.
  /// - Parameter stars: The number of stars.
  /// - Returns: Whole stars, maybe a half, empty stars to five, a space, the number.
  public static func display(_ stars: Double) -> String {
    let whole = Int(stars.rounded(.down))
    let part = stars - Double(whole) >= 0.5 ? "½" : ""
    let empty = max(0, 5 - whole - (part.isEmpty ? 0 : 1))
    return String(repeating: "★", count: whole) + part + String(repeating: "☆", count: empty)
      + " " + text(stars)
  }

  /// `4` for a whole number of stars, else Swift's shortest text of the number (`3.75`).
  private static func text(_ stars: Double) -> String {
    stars == stars.rounded() ? String(Int(stars)) : String(stars)
  }

  public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.value < rhs.value }
}

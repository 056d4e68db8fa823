import ReadingModel
import Testing

@Suite struct RatingTests {
  /// Texts people type and numbers from club lines and files, good and bad.
  static let texts = [
    "4", "4.5", "3.75", "0.25", "5", "5.0", "4.50", "1", "0.5", "2.25", "+4", "4e0", "0x1p2",
    "4.3", "4.1", "0", "-0", "0.2", "0.24", "5.25", "6", "-1", "-4.5", "1e308", "nan", "inf",
    "-inf", "", " ", " 4", "4 ", "4,5", "four", "4 1/2", "½", "4.5.0", "★★★★",
  ]

  /// The rule `rate`, `--rating-at-least` and club lines held before ``Rating``.
  static func oldGivenRule(_ text: String) -> Double? {
    guard let value = Double(text), value >= 0.25, value <= 5, (value * 4).rounded() == value * 4
    else { return nil }
    return value
  }

  @Test func acceptsWhatPeopleTypeInQuarterStars() {
    for text in ["4", "4.5", "3.75", "0.25", "5", "5.0", "4.50", "1", "2.25"] {
      #expect(Rating(text) != nil, "\(text)")
    }
    #expect(Rating("4.50")?.value == 4.5)
  }

  @Test func refusesAnythingElse() {
    for text in [
      "4.3", "4.1", "0", "-0", "0.2", "0.24", "5.25", "6", "-1", "1e308", "nan", "inf", "",
      " 4", "4 ", "4,5", "four", "4 1/2", "½", "★★★★",
    ] {
      #expect(Rating(text) == nil, "\(text)")
    }
  }

  @Test func acceptsExactlyWhatTheRuleItReplacedAccepted() {
    for text in Self.texts {
      #expect(Rating(text)?.value == Self.oldGivenRule(text), "\(text)")
    }
  }

  @Test func givenRatingsAreQuarterStepsFromAQuarterToFive() {
    let quarters = (1...20).map { Double($0) / 4 }
    #expect(quarters.allSatisfy { Rating(given: $0) != nil })
    for value in [0, 0.1, 0.2, 4.3, 4.8, 5.25, -0.25, .nan, .infinity, 1e308] {
      #expect(Rating(given: value) == nil, "\(value)")
    }
    #expect(Rating.givenRange == 0.25...5 && Rating.stepsPerStar == 4)
  }

  @Test func storedRatingsAreAnythingAboveNoughtToFive() {
    for value in [0.01, 0.25, 4.3, 5] { #expect(Rating(stored: value)?.value == value) }
    for value in [0, -1, 5.01, 1e308, .nan, .infinity] {
      #expect(Rating(stored: value) == nil, "\(value)")
    }
    #expect(Rating(storedText: "4.3")?.value == 4.3)
    #expect(Rating(storedText: "") == nil && Rating(storedText: "0") == nil)
    #expect(Rating(storedText: "7") == nil && Rating(storedText: "x") == nil)
  }

  @Test func goodreadsGivesWholeStarsOneToFive() {
    #expect((1...5).map { Rating(wholeStarsText: String($0))?.text } == ["1", "2", "3", "4", "5"])
    for text in ["0", "6", "4.5", "4.0", "", "-1", "x"] {
      #expect(Rating(wholeStarsText: text) == nil, "\(text)")
    }
  }

  @Test func canonicalTextDropsAWholeStarsPoint() {
    #expect(Rating(given: 4)?.text == "4")
    #expect(Rating(given: 3.75)?.text == "3.75")
    #expect(Rating(given: 0.25)?.text == "0.25")
    #expect(Rating(stored: 4.3)?.text == "4.3")
    #expect(Rating("5.0")?.text == "5")
  }

  @Test func wholeStarsRoundHalvesUp() {
    let cases: [(Double, Int)] = [(4.75, 5), (4.5, 5), (4.25, 4), (4, 4), (0.25, 0), (0.5, 1)]
    for (value, whole) in cases { #expect(Rating(given: value)?.wholeStars == whole, "\(value)") }
    #expect(Rating(given: 4)?.isWhole == true && Rating(given: 4.5)?.isWhole == false)
  }

  @Test func aWholeStarIsTheRoundingOfAFractionOnly() throws {
    let five = try #require(Rating(given: 5))
    let fraction = try #require(Rating(given: 4.75))
    #expect(five.isRounding(of: fraction))
    #expect(!fraction.isRounding(of: five))
    #expect(!five.isRounding(of: five))
    #expect(try !#require(Rating(given: 4)).isRounding(of: fraction))
    #expect(fraction.rounds(to: five) && five.rounds(to: five) && !five.rounds(to: fraction))
  }

  @Test func displayDrawsStarsHalvesAndTheNumber() {
    #expect(Rating(given: 4)?.display == "★★★★☆ 4")
    #expect(Rating(given: 4.5)?.display == "★★★★½ 4.5")
    #expect(Rating(given: 3.75)?.display == "★★★½☆ 3.75")
    #expect(Rating(given: 3.25)?.display == "★★★☆☆ 3.25")
    #expect(Rating(given: 5)?.display == "★★★★★ 5")
    #expect(Rating(given: 0.25)?.display == "☆☆☆☆☆ 0.25")
    #expect(Rating.display(3.7) == "★★★½☆ 3.7")
    #expect(Rating.display(0) == "☆☆☆☆☆ 0")
  }

  @Test func ordersByStars() {
    #expect(Rating(given: 3.75)! < Rating(given: 4)!)
    #expect(Rating("4") == Rating(given: 4))
  }
}

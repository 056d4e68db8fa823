/// How long a session was, as a reader types it: `45m`, `1h`, `1h20m`, `1h 20m`, `1:20`,
/// `90` (minutes), `30s`.
public enum SessionLength {
  /// The seconds `text` names; `nil` when it names no length.
  public static func seconds(_ text: String) -> Int? {
    let text = text.trimmingWhitespace().lowercased()
    guard !text.isEmpty, text.count <= 20 else { return nil }
    // No number of more than six digits: a million hours is past any session, and the
    // sums below stay far from overflowing.
    var digitsInARow = 0
    for character in text {
      digitsInARow = character.isASCIIDigit ? digitsInARow + 1 : 0
      if digitsInARow > 6 { return nil }
    }
    if text.contains(":") {
      let parts = text.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
        parts[1].count == 2, hours >= 0, (0..<60).contains(minutes)
      else { return nil }
      return hours * 3600 + minutes * 60
    }
    if let minutes = Int(text) { return minutes >= 0 ? minutes * 60 : nil }
    var total = 0
    var number = ""
    var units: Set<Character> = []
    var rest = Substring(text)
    while let character = rest.first {
      rest = rest.dropFirst()
      if character.isASCIIDigit {
        number.append(character)
        continue
      }
      if character == " ", number.isEmpty { continue }
      guard let value = Int(number) else { return nil }
      // A unit's word: `h`, `hr`, `hours`; `m`, `min`, `minutes`; `s`, `sec`, `seconds`.
      var word = String(character)
      while let next = rest.first, next.isLetter {
        word.append(next)
        rest = rest.dropFirst()
      }
      let unit: Character
      switch word {
      case "h", "hr", "hrs", "hour", "hours": unit = "h"
      case "m", "min", "mins", "minute", "minutes": unit = "m"
      case "s", "sec", "secs", "second", "seconds": unit = "s"
      default: return nil
      }
      guard units.insert(unit).inserted else { return nil }
      total += value * (unit == "h" ? 3600 : unit == "m" ? 60 : 1)
      number = ""
    }
    guard number.isEmpty, !units.isEmpty else { return nil }
    return total
  }
}

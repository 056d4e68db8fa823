/// Reading the formats of the Unicode Character Database (UAX #44, section 4.2).
enum UnicodeDataParsing {
  /// The lines of `text` without comments and blank lines, split at `;` and trimmed.
  static func fields(_ text: String) -> [[Substring]] {
    text.split(whereSeparator: \.isNewline).compactMap { line -> [Substring]? in
      let data = line.prefix { $0 != "#" }
      guard data.contains(where: { !$0.isWhitespace }) else { return nil }
      return data.split(separator: ";", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(of: [" ", "\t"])
      }
    }
  }

  /// `0041` or `0041..005A` as a range of code points.
  static func range(_ field: Substring, file: String) throws -> ClosedRange<UInt32> {
    let ends = field.split(separator: ".", omittingEmptySubsequences: true)
    guard (1...2).contains(ends.count), let low = UInt32(ends[0], radix: 16),
      let high = UInt32(ends[ends.count - 1], radix: 16), low <= high
    else { throw FoldingTableError.badLine(file: file, line: String(field)) }
    return low...high
  }

  /// `0061 0301` as code points.
  static func codePoints(_ field: Substring, file: String) throws -> [UInt32] {
    try field.split(separator: " ").map {
      guard let value = UInt32($0, radix: 16) else {
        throw FoldingTableError.badLine(file: file, line: String(field))
      }
      return value
    }
  }

  /// The ranges of a property file's lines (`range ; Property`), sorted and with touching
  /// ranges joined.
  static func ranges(_ text: String, property: String, file: String) throws
    -> [ClosedRange<UInt32>]
  {
    let ranges = try fields(text).filter { $0.count >= 2 && $0[1] == property }.map {
      try range($0[0], file: file)
    }
    return joined(ranges)
  }

  /// `ranges` sorted, with ranges that touch or overlap made one.
  static func joined(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
    var result: [ClosedRange<UInt32>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, range.lowerBound <= last.upperBound + 1 {
        result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }
}

extension Substring {
  fileprivate func trimmingCharacters(of characters: Set<Character>) -> Substring {
    let start = firstIndex { !characters.contains($0) } ?? endIndex
    let end = lastIndex { !characters.contains($0) }.map(index(after:)) ?? start
    return self[start..<end]
  }
}

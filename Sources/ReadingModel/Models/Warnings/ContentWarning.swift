/// What a book holds that a reader may want warning of (StoryGraph's content warnings): a
/// topic (`Violence`), and how much of it, when said: `graphic`, `moderate` or `minor`.
public struct ContentWarning: Sendable, Hashable {
  /// How much of the topic the book has, as StoryGraph grades it.
  public enum Severity: String, Sendable, CaseIterable {
    case graphic, moderate, minor
  }

  /// The longest topic kept.
  public static let longestTopic = 100

  public var severity: Severity?
  public var topic: String

  /// A warning as ``text`` writes it: `graphic: Violence`, or `Violence` with no severity;
  /// the severity's word in any case.
  ///
  /// - Returns: `nil` for no topic, a topic longer than ``longestTopic`` characters, or one
  ///   holding a control character (a line break would split the stored list).
  public init?(text given: some StringProtocol) {
    let text = Substring(given)
    var severity: Severity?
    var topic = text
    if let colon = text.firstIndex(of: ":"),
      let named = Severity(rawValue: text[..<colon].trimmingWhitespace().lowercased())
    {
      severity = named
      topic = text[text.index(after: colon)...]
    }
    let trimmed = topic.trimmingWhitespace()
    guard !trimmed.isEmpty, trimmed.count <= Self.longestTopic,
      !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return nil }
    self.severity = severity
    self.topic = trimmed
  }

  /// `graphic: Violence`, or `Violence`: how the library keeps it, one a line.
  public var text: String { severity.map { "\($0.rawValue): \(topic)" } ?? topic }
}

extension ContentWarning {
  /// The warnings of a StoryGraph `Content Warnings` cell: `Graphic: Sexual content,
  /// Violence; Moderate: Death; Minor: Infidelity;`, a group a severity, topics by commas.
  /// A topic with no severity before it is kept without one; a topic that is no warning (too
  /// long, a control character) is left out.
  public static func storyGraph(cell: String) -> [ContentWarning] {
    var warnings: [ContentWarning] = []
    for group in cell.split(separator: ";") {
      var severity: Severity?
      var topics = Substring(group)
      if let colon = group.firstIndex(of: ":"),
        let named = Severity(rawValue: group[..<colon].trimmingWhitespace().lowercased())
      {
        severity = named
        topics = group[group.index(after: colon)...]
      }
      for topic in topics.split(separator: ",") {
        guard var warning = ContentWarning(text: topic) else { continue }
        warning.severity = severity
        if !warnings.contains(warning) { warnings.append(warning) }
      }
    }
    return warnings
  }

  /// A StoryGraph `Content Warnings` cell for `warnings`: graphic, moderate, minor, then
  /// the topics with no severity, each group ended by `;`.
  public static func storyGraphCell(_ warnings: [ContentWarning]) -> String {
    let groups: [Severity?] = Severity.allCases + [nil]
    return groups.compactMap { severity -> String? in
      let topics = warnings.filter { $0.severity == severity }.map(\.topic)
      guard !topics.isEmpty else { return nil }
      let name = severity.map {
        $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() + ": "
      }
      return (name ?? "") + topics.joined(separator: ", ") + ";"
    }.joined(separator: " ")
  }
}

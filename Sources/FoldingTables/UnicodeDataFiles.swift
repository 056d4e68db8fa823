/// The Unicode data files the folding is made from, as text (unicode/README.md says where
/// each comes from).
public struct UnicodeDataFiles: Sendable {
  /// `CaseFolding.txt`.
  public var caseFolding: String
  /// `UnicodeData-Decompositions.txt`: `code;decomposition` lines of `UnicodeData.txt`.
  public var decompositions: String
  /// `GraphemeBreakProperty-Extend.txt`: the `Extend` lines of `GraphemeBreakProperty.txt`.
  public var graphemeExtend: String
  /// `PropList-White_Space.txt`: the `White_Space` lines of `PropList.txt`.
  public var whiteSpace: String

  /// The files' names in the data folder, in the order of the properties above.
  public static let fileNames = [
    "CaseFolding.txt", "UnicodeData-Decompositions.txt", "GraphemeBreakProperty-Extend.txt",
    "PropList-White_Space.txt",
  ]

  public init(
    caseFolding: String, decompositions: String, graphemeExtend: String, whiteSpace: String
  ) {
    self.caseFolding = caseFolding
    self.decompositions = decompositions
    self.graphemeExtend = graphemeExtend
    self.whiteSpace = whiteSpace
  }

  /// The files from their texts, in ``fileNames`` order.
  ///
  /// - Parameter texts: The four files' contents.
  public init(_ texts: [String]) {
    precondition(texts.count == Self.fileNames.count)
    self.init(
      caseFolding: texts[0], decompositions: texts[1], graphemeExtend: texts[2],
      whiteSpace: texts[3])
  }

  /// The Unicode version the files are of, as `CaseFolding.txt` names it (`15.0.0`).
  ///
  /// - Throws: ``FoldingTableError/mixedVersions(_:)`` when a file names no version or
  ///   another one.
  public func unicodeVersion() throws -> String {
    let prefix = "# CaseFolding-"
    guard let first = caseFolding.split(whereSeparator: \.isNewline).first, first.hasPrefix(prefix),
      first.hasSuffix(".txt")
    else { throw FoldingTableError.mixedVersions("CaseFolding.txt names no version") }
    let version = String(first.dropFirst(prefix.count).dropLast(".txt".count))
    let named = [
      ("UnicodeData-Decompositions.txt", decompositions, "(Unicode \(version))"),
      ("GraphemeBreakProperty-Extend.txt", graphemeExtend, "GraphemeBreakProperty-\(version).txt"),
      ("PropList-White_Space.txt", whiteSpace, "PropList-\(version).txt"),
    ]
    for (name, text, mark) in named where !text.prefix(2_000).contains(mark) {
      throw FoldingTableError.mixedVersions("\(name) is not of Unicode \(version)")
    }
    return version
  }
}

/// What keeps the generator from making the tables.
public enum FoldingTableError: Error, Equatable, CustomStringConvertible {
  /// The files are not all of one Unicode version.
  case mixedVersions(String)
  /// A line of a data file that does not read as its format says.
  case badLine(file: String, line: String)
  /// A data file that cannot be read, and why.
  case unreadable(file: String, reason: String)

  public var description: String {
    switch self {
    case .mixedVersions(let detail): "the Unicode data files disagree: \(detail)"
    case .badLine(let file, let line): "\(file) has a line that cannot be read: '\(line)'"
    case .unreadable(let file, let reason): "cannot read '\(file)': \(reason)"
    }
  }
}

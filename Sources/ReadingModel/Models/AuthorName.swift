/// Authors as a library sorts them: by last name, the `Author l-f` form Goodreads uses.
public enum AuthorName {
  private static let suffixes: Set<String> = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"]

  /// `George Eliot` → `Eliot, George`; `Martin Luther King Jr.` → `King, Martin Luther, Jr.`;
  /// a single name (`Homer`) stays as it is.
  public static func lastFirst(_ name: String) -> String {
    var words = name.split(separator: " ").map(String.init)
    var suffix: String?
    if words.count > 2, let last = words.last, suffixes.contains(last.lowercased()) {
      suffix = words.removeLast()
    }
    guard words.count > 1, let last = words.last else { return name }
    return "\(last), \(words.dropLast().joined(separator: " "))" + (suffix.map { ", \($0)" } ?? "")
  }

  /// The key a library sorts authors by: the last-name-first form, case and accents folded.
  ///
  /// - Parameter lastFirst: The source's own last-name-first form, when it gives one.
  public static func sortKey(_ name: String, lastFirst given: String? = nil) -> String {
    SearchKey.fold(given.flatMap { $0.isEmpty ? nil : $0 } ?? lastFirst(name))
  }
}

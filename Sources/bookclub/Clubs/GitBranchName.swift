/// A branch name read from a club clone's `.git/config` or `HEAD`, checked before bookclub
/// puts it on git's command line: only a name git itself would accept for a branch, and
/// never one git could take for an option or a refspec of more than one branch.
struct GitBranchName: Equatable, CustomStringConvertible {
  /// The name, without `refs/heads/`.
  let name: String

  var description: String { name }

  /// The full ref: `refs/heads/<name>`.
  var ref: String { "refs/heads/" + name }

  /// The branch a full ref names (`refs/heads/main`, as `git symbolic-ref` prints it or
  /// `branch.<name>.merge` holds it); `nil` for anything else or an invalid name.
  init?(ref: String) {
    let trimmed = ref.trimmingWhitespace()
    guard trimmed.hasPrefix("refs/heads/") else { return nil }
    self.init(String(trimmed.dropFirst("refs/heads/".count)))
  }

  /// A branch name as git's `check-ref-format --branch` would take it; `nil` otherwise.
  init?(_ name: String) {
    guard Self.isValid(name) else { return nil }
    self.name = name
  }

  /// git's rules for a ref name (git-check-ref-format), and no leading `-`.
  static func isValid(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("-"), !name.hasPrefix("/"),
      !name.hasSuffix("/"), !name.hasSuffix("."), !name.hasSuffix(".lock"), name != "@"
    else { return false }
    for fragment in ["..", "//", "@{", "/."] where name.contains(fragment) { return false }
    if name.hasPrefix(".") { return false }
    let forbidden: Set<Unicode.Scalar> = [" ", "~", "^", ":", "?", "*", "[", "\\", "\u{7F}"]
    return name.unicodeScalars.allSatisfy { $0.value >= 0x20 && !forbidden.contains($0) }
  }
}

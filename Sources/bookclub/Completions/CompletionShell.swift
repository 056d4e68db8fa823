/// The shells bookclub writes completion scripts for.
enum CompletionShell: String, CaseIterable {
  case bash
  case zsh
  case fish
}

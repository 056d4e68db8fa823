/// Every command of the tree with its full path, for completion scripts.
@MainActor
struct CommandTree {
  struct Node {
    /// `["bookclub", "progress", "set"]`
    var path: [String]
    var signature: CommandSignature
    /// Global options the parser adds (`--help`, and `--version` on the root).
    var builtInOptions: [String]

    @MainActor var subcommandNames: [String] { signature.subcommands.map { $0.signature.name } }

    /// Every option word: `--limit`, `-n`, `--help`, ...
    var optionWords: [String] {
      signature.options.flatMap { option in
        ["--" + option.long] + (option.short.map { ["-\($0)"] } ?? [])
      } + builtInOptions
    }
  }

  let nodes: [Node]

  init(root: any ParsableCommand.Type) {
    var nodes: [Node] = []
    func visit(_ command: any ParsableCommand.Type, path: [String]) {
      let signature = command.signature
      let path = path + [signature.name]
      let builtIn =
        path.count == 1
        ? ["--help", "-h", "--version", "--generate-completion-script"] : ["--help", "-h"]
      nodes.append(Node(path: path, signature: signature, builtInOptions: builtIn))
      for subcommand in signature.subcommands { visit(subcommand, path: path) }
    }
    visit(root, path: [])
    self.nodes = nodes
  }
}

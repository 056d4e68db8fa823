/// How a terminal is given a picture (issue 14, "Showing them"): the kitty graphics
/// protocol, iTerm2's inline images, or Unicode half blocks in 24-bit colour.
enum CoverProtocol: String, CaseIterable, Sendable {
  case kitty
  case iterm
  case halfblocks
  case none

  /// What the environment says the terminal speaks. Inside tmux, half blocks: tmux passes
  /// graphics sequences through only when configured to, and draws text always.
  static func detect(_ environment: [String: String]) -> CoverProtocol {
    let term = environment["TERM"] ?? ""
    let program = environment["TERM_PROGRAM"] ?? ""
    guard term != "dumb", !term.isEmpty || !program.isEmpty else { return .none }
    if isInsideTmux(environment) {
      return truecolor(environment) ? .halfblocks : .none
    }
    if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty"
      || program == "ghostty" || environment["KONSOLE_VERSION"] != nil
    {
      return .kitty
    }
    if program == "iTerm.app" || program == "WezTerm" { return .iterm }
    return truecolor(environment) ? .halfblocks : .none
  }

  /// What the environment says, then, when that is not the kitty protocol and nothing
  /// else rules it out, what the terminal answers when asked (``TerminalGraphicsQuery``).
  static func detect(_ environment: [String: String], askingTheTerminal: Bool) -> CoverProtocol {
    let guess = detect(environment)
    guard askingTheTerminal, guess == .halfblocks || guess == .none,
      environment["TMUX"] == nil, (environment["TERM"] ?? "") != "dumb"
    else { return guess }
    return TerminalGraphicsQuery.speaksKitty() ? .kitty : guess
  }

  /// Whether the terminal is tmux's (or screen's), which draws text but passes graphics
  /// sequences on only when configured to.
  static func isInsideTmux(_ environment: [String: String]) -> Bool {
    let term = environment["TERM"] ?? ""
    return environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen")
  }

  private static func truecolor(_ environment: [String: String]) -> Bool {
    ["truecolor", "24bit"].contains((environment["COLORTERM"] ?? "").lowercased())
  }
}

import TestSupport
import Testing

/// The rule for tests whose program a machine may lack: run where it is, skip where it is
/// not, and fail under CI, where a skip would hide a test that never ran.
struct RequiredToolTests {
  @Test func aMissingToolSkipsOutsideCIAndFailsUnderIt() {
    #expect(RequiredTool.decision(installed: true, underCI: false) == .run)
    #expect(RequiredTool.decision(installed: true, underCI: true) == .run)
    #expect(RequiredTool.decision(installed: false, underCI: false) == .skip)
    #expect(RequiredTool.decision(installed: false, underCI: true) == .fail)
  }

  @Test func theFailureSaysWhichToolAndWhy() {
    let said = String(describing: RequiredTool.Missing(tool: .tmux))
    #expect(said.hasPrefix("tmux is not installed, and CI is set"), "\(said)")
  }
}

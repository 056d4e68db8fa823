import Foundation
import Testing

@testable import ReadingModel

/// The environment read off `environ` is the one Foundation reads, and one variable is what
/// `getenv` says.
@Suite struct ProcessEnvironmentTests {
  @Test func theEnvironmentIsFoundationsWithoutFoundation() {
    let ours = ProcessEnvironment.current()
    let foundations = ProcessInfo.processInfo.environment
    #expect(!ours.isEmpty)
    for (name, value) in foundations where ours[name] != nil {
      #expect(ours[name] == value, "\(name)")
    }
    #expect(Set(ours.keys) == Set(foundations.keys))
    #expect(ProcessEnvironment.value("PATH") == foundations["PATH"])
    #expect(ProcessEnvironment.value("BOOKCLUB_NOT_SET_ANYWHERE_\(UUID().uuidString)") == nil)
  }
}

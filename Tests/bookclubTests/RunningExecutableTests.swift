import Foundation
import Testing

@testable import bookclub

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The running program's path when Linux marks it " (deleted)": after an upgrade in place
/// it is the new program at the old path; a program really named so keeps its name; a
/// program removed has no path.
@Suite struct RunningExecutableTests {
  let home = TestHome()

  /// An executable file at `name` in the test's folder, returning its path.
  func program(_ name: String) throws -> String {
    let path = home.path(name)
    try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
  }

  @Test func aPathWithoutTheMarkIsKept() {
    #expect(
      RunningExecutable.current(linkTarget: "/usr/bin/bookclub", running: nil)
        == "/usr/bin/bookclub")
  }

  @Test func afterAnUpgradeInPlaceItIsTheNewProgramAtThePath() throws {
    let old = try program("bookclub")
    let running = try #require(RunningExecutable.fileIdentity(old))
    // The upgrade: a new file renamed over the old one, which lives on while it runs.
    let new = try program("bookclub.new")
    try #require(rename(new, old) == 0)
    #expect(RunningExecutable.fileIdentity(old) != running)
    #expect(
      RunningExecutable.current(linkTarget: old + " (deleted)", running: running) == old)
    #expect(RunningExecutable.current(linkTarget: old + " (deleted)", running: nil) == old)
  }

  @Test func aProgramRemovedHasNoPath() throws {
    let old = try program("bookclub")
    let running = RunningExecutable.fileIdentity(old)
    try FileManager.default.removeItem(atPath: old)
    #expect(RunningExecutable.current(linkTarget: old + " (deleted)", running: running) == nil)
  }

  @Test func aFileAtThePathThatCannotRunIsNotStarted() throws {
    let old = try program("bookclub")
    let running = RunningExecutable.fileIdentity(old)
    try FileManager.default.removeItem(atPath: old)
    try Data("not a program".utf8).write(to: URL(fileURLWithPath: old))
    #expect(RunningExecutable.current(linkTarget: old + " (deleted)", running: running) == nil)
  }

  @Test func aProgramReallyNamedWithTheMarkKeepsItsName() throws {
    let named = try program("bookclub (deleted)")
    _ = try program("bookclub")
    let running = RunningExecutable.fileIdentity(named)
    #expect(RunningExecutable.current(linkTarget: named, running: running) == named)
  }

  #if os(Linux)
    @Test func thisProcessIsFoundByItsIdentity() throws {
      let path = try #require(RunningExecutable.path())
      #expect(!path.hasSuffix(RunningExecutable.deletedMark))
      #expect(
        RunningExecutable.fileIdentity(path) == RunningExecutable.fileIdentity("/proc/self/exe"))
    }
  #endif
}

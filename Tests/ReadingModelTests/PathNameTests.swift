import Testing

@testable import ReadingModel

/// `PathName` reads paths as `NSString`'s path methods did.
@Suite struct PathNameTests {
  @Test(arguments: [
    ("/a/b/c", "/a/b", "c"), ("/a/b/c/", "/a/b", "c"), ("c", "", "c"), ("/c", "/", "c"),
    ("/", "/", "/"), ("a//b", "a", "b"), ("./x.sqlite", ".", "x.sqlite"), ("", "", ""),
  ])
  func foldersAndNames(path: String, folder: String, last: String) {
    #expect(PathName.folder(of: path) == folder)
    #expect(PathName.lastComponent(of: path) == last)
  }
}

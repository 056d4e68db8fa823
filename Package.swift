// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "bookclub",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ReadingModel", targets: ["ReadingModel"]),
    .library(name: "ImageDecoding", targets: ["ImageDecoding"]),
    .executable(name: "bookclub", targets: ["bookclub"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      path: "Sources/CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // libdispatch's main-queue hooks: bookclub drains the main queue on its own main thread.
    .systemLibrary(name: "CDispatchMainQueue", path: "Sources/CDispatchMainQueue"),
    .target(name: "ReadingModel", dependencies: ["CSQLite"]),
    // Cover images (issue 14): PNG with its own inflate, no package and no system library.
    .target(name: "ImageDecoding"),
    .executableTarget(
      name: "bookclub",
      dependencies: [
        "ReadingModel", "ImageDecoding",
        .target(name: "CDispatchMainQueue", condition: .when(platforms: [.linux])),
      ]),
    .target(name: "TestSupport", dependencies: ["ReadingModel"], path: "Tests/TestSupport"),
    .testTarget(
      name: "ReadingModelTests", dependencies: ["ReadingModel", "CSQLite", "TestSupport"]),
    .testTarget(
      name: "bookclubTests", dependencies: ["bookclub", "ReadingModel", "ImageDecoding", "TestSupport"]),
    // Fixtures are read from the source tree, as sample-data is.
    .testTarget(
      name: "ImageDecodingTests", dependencies: ["ImageDecoding", "TestSupport"],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)

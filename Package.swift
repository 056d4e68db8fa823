// swift-tools-version: 6.0
import PackageDescription

/// Each function in a section of its own in the release build, so that the linker's
/// ordering (`startup.order`) places functions rather than whole files.
let functionSections: [SwiftSetting] = [
  .unsafeFlags(
    ["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release))
]

let package = Package(
  name: "bookclub",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ReadingModel", targets: ["ReadingModel"]),
    .library(name: "ImageDecoding", targets: ["ImageDecoding"]),
    .executable(name: "bookclub", targets: ["bookclub"]),
    .executable(name: "bookclub-fetch", targets: ["BookclubFetch"]),
    .executable(name: "bookclub-folding-tables", targets: ["FoldingTableGenerator"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      path: "Sources/CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // libdispatch's main-queue hooks: bookclub drains the main queue on its own main thread.
    .systemLibrary(name: "CDispatchMainQueue", path: "Sources/CDispatchMainQueue"),
    // ImageDecoding for its inflate: other services' backups come zipped (issue 30).
    .target(
      name: "ReadingModel", dependencies: ["CSQLite", "ImageDecoding"],
      swiftSettings: functionSections),
    // Cover images (issue 14): PNG with its own inflate, no package and no system library.
    .target(name: "ImageDecoding", swiftSettings: functionSections),
    .executableTarget(
      name: "bookclub",
      dependencies: [
        "ReadingModel", "ImageDecoding",
        .target(name: "CDispatchMainQueue", condition: .when(platforms: [.linux])),
      ],
      exclude: ["Linking"],
      swiftSettings: functionSections,
      linkerSettings: [
        // The code a command runs, laid out together (bench/startup-order makes the list):
        // the kernel maps 64 KiB around each page a process touches, so scattered code
        // costs memory. Names missing from the list are simply placed after it.
        .unsafeFlags(
          [
            "-use-ld=lld", "-Xlinker",
            "--symbol-ordering-file=\(Context.packageDirectory)/Sources/bookclub/Linking/startup.order",
            "-Xlinker", "--no-warn-symbol-ordering",
          ], .when(platforms: [.linux], configuration: .release))
      ]),
    // The one program that speaks HTTPS (URLSession over the system's libcurl), run by
    // bookclub for Open Library: the static bookclub keeps networking out of its start-up.
    .executableTarget(name: "BookclubFetch"),
    // SearchKey's folding tables from the Unicode data pinned in unicode/ (issue 25).
    .target(name: "FoldingTables"),
    .executableTarget(name: "FoldingTableGenerator", dependencies: ["FoldingTables"]),
    .testTarget(name: "FoldingTablesTests", dependencies: ["FoldingTables", "TestSupport"]),
    .target(
      name: "TestSupport", dependencies: ["ReadingModel", "CSQLite"], path: "Tests/TestSupport"),
    .testTarget(
      name: "ReadingModelTests", dependencies: ["ReadingModel", "CSQLite", "TestSupport"]),
    .testTarget(
      name: "bookclubTests",
      dependencies: ["bookclub", "ReadingModel", "ImageDecoding", "TestSupport"],
      exclude: ["Network/openlibrary_server.py", "Network/hardcover_standin.py"]),
    // Fixtures are read from the source tree, as sample-data is.
    .testTarget(
      name: "ImageDecodingTests", dependencies: ["ImageDecoding", "TestSupport"],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)

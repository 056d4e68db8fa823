import FoldingTables
import Foundation

// bookclub-folding-tables <output file> [<unicode data folder>]: writes SearchKey's tables
// from the pinned Unicode data (unicode/ in the package, unless another folder is given).

let arguments = Array(CommandLine.arguments.dropFirst())
guard (1...2).contains(arguments.count), !arguments[0].hasPrefix("-") else {
  FileHandle.standardError.write(
    Data(
      """
      Usage: \(FoldingTableSource.generatorName) <output-file> [<unicode-folder>]
        Writes SearchKey's folding tables from the Unicode data files (default: the package's
        unicode/ folder), e.g. \(FoldingTableSource.outputPath)

      """.utf8))
  exit(64)
}
let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let dataFolder =
  arguments.count == 2
  ? URL(fileURLWithPath: arguments[1]) : packageFolder.appendingPathComponent("unicode")
do {
  let texts = try UnicodeDataFiles.fileNames.map {
    try String(contentsOf: dataFolder.appendingPathComponent($0), encoding: .utf8)
  }
  let source = try FoldingTableSource.make(from: UnicodeDataFiles(texts))
  try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[0]), options: .atomic)
} catch {
  FileHandle.standardError.write(Data("Error: cannot write the folding tables: \(error)\n".utf8))
  exit(1)
}

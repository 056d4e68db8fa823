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
/// Says what went wrong on stderr and exits 1.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
  exit(1)
}

let files: UnicodeDataFiles
do {
  files = try UnicodeDataFiles(folder: dataFolder.path)
} catch {
  fail("\(error) (the Unicode data files are in the package's unicode/ folder)")
}
let source: String
do {
  source = try FoldingTableSource.make(from: files)
} catch {
  fail("cannot make the folding tables: \(error)")
}
do {
  try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[0]), options: .atomic)
} catch {
  fail("cannot write '\(arguments[0])': \((error as NSError).localizedDescription)")
}

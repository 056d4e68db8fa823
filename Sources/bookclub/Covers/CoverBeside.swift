import ImageDecoding
import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A cover at the left of text (`show` at a terminal wide enough): half blocks as the
/// first columns of the lines, a kitty image placed with the text moved past it, an iTerm2
/// image above (its protocol cannot place one beside text).
@MainActor
enum CoverBeside {
  /// Columns the cover takes in `show`.
  static let columns = 16
  /// The most seconds `show` waits for a cover: the details matter more than the picture.
  static let networkSeconds = 4.0
  /// The text needs this many columns beside it, or the cover is left out.
  static let textColumns = 60

  /// What follows a failure to reach Open Library: what `show` does about it from now on.
  static let unreachableNote =
    "For the next \(CoverCache.unreachableFor / 60_000) minutes, show draws cached covers only "
    + "(bookclub covers fetch tries at once)."

  /// Writes `lines` with the book's cover beside them when there is one to show here;
  /// otherwise just the lines. Never fails: a cover that cannot be had is left out.
  static func write(_ lines: [String], book: Book, context: CommandContext) {
    guard let (drawing, image, file) = cover(of: book, context: context) else {
      for line in lines { context.output.line(line) }
      return
    }
    let rows = max(
      1, Int((image.heightPerWidth * Double(columns) / 2).rounded()))
    let gap = String(repeating: " ", count: 2)
    switch drawing {
    case .halfblocks:
      let picture = HalfBlocks.lines(image, columns: columns)
      let blank = String(repeating: " ", count: columns)
      for index in 0..<max(picture.count, lines.count) {
        let left = index < picture.count ? picture[index] : blank
        context.output.line(left + (index < lines.count ? gap + lines[index] : ""))
      }
    case .kitty:
      let scaled = image.scaled(
        toWidth: min(image.width, columns * 10), height: min(image.height, rows * 20))
      // The image stays where the cursor was (C=1); each line moves past it, not over it.
      context.output.write(KittyImage.sequence(scaled, columns: columns, rows: rows))
      let past = "\u{1B}[\(columns + gap.count)C"
      for index in 0..<max(rows, lines.count) {
        context.output.line(index < lines.count ? past + lines[index] : "")
      }
    case .iterm:
      context.output.line(ITermImage.sequence(file: file, columns: columns, rows: rows))
      for line in lines { context.output.line(line) }
    case .none:
      for line in lines { context.output.line(line) }
    }
  }

  /// The way to draw, the decoded cover and its file, when all of them can be had.
  private static func cover(of book: Book, context: CommandContext)
    -> (CoverProtocol, RGBImage, [UInt8])?
  {
    guard let isbn = book.isbn13, context.terminal.isOutputTerminal,
      context.terminal.width >= columns + 2 + textColumns
    else { return nil }
    let drawing =
      CoverProtocol(rawValue: context.settings.coverProtocol)
      ?? CoverProtocol.detect(context.environment, askingTheTerminal: true)
    guard drawing != .none else { return nil }
    let file: [UInt8]
    // Offline, said once: for a while after, covers come from the cache alone.
    let offline = CoverCache(environment: context.environment)
      .wasUnreachable(now: Date().milliseconds)
    do {
      file = try Bookclub.Cover.cachedCover(
        isbn, of: book, context: context, timeoutLimit: networkSeconds, fetching: !offline)
    } catch is CoverError {
      return nil  // none cached, or none to be had: the details alone, as ever
    } catch let error as FetchError where error.isUnreachable {
      context.errors.line("No cover: \(error.explanation) \(unreachableNote)")
      return nil
    } catch {
      context.errors.line("No cover: \(error.explanation)")
      return nil
    }
    do {
      let width = CoverDecoding.width(columns, drawing: drawing)
      return (drawing, try CoverDecoding.decode(file, width: width), file)
    } catch {
      // A cover past the limits is said; a damaged one is left out, as ever.
      if error.isLimit { context.errors.line("No cover: \(error.explanation)") }
      return nil
    }
  }
}

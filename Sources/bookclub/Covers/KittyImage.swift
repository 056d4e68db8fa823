import ImageDecoding

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The kitty graphics protocol's "transmit and display" for raw RGB pixels (`f=24`), sized
/// to a cell rectangle: base64 in chunks of at most 4,096 characters, `m=1` on all but the
/// last; `q=2` so the terminal sends no reply into the input, `C=1` so the cursor stays.
enum KittyImage {
  static let chunkSize = 4096

  /// The escape sequences that show `image` in `columns` × `rows` cells.
  static func sequence(_ image: RGBImage, columns: Int, rows: Int) -> String {
    let payload = Data(image.pixels).base64EncodedString()
    var chunks: [Substring] = []
    var start = payload.startIndex
    while start < payload.endIndex {
      let end =
        payload.index(start, offsetBy: chunkSize, limitedBy: payload.endIndex)
        ?? payload.endIndex
      chunks.append(payload[start..<end])
      start = end
    }
    if chunks.isEmpty { chunks = [""] }
    return chunks.enumerated().map { index, chunk in
      let more = index < chunks.count - 1 ? 1 : 0
      let keys =
        index == 0
        ? "a=T,f=24,s=\(image.width),v=\(image.height),c=\(columns),r=\(rows),q=2,C=1,m=\(more)"
        : "m=\(more)"
      return "\u{1B}_G\(keys);\(chunk)\u{1B}\\"
    }.joined()
  }
}

/// iTerm2's inline image (also WezTerm's): the image file itself, base64, shown in
/// `columns` × `rows` cells with its proportions kept.
enum ITermImage {
  static func sequence(file: [UInt8], columns: Int, rows: Int) -> String {
    "\u{1B}]1337;File=inline=1;size=\(file.count);width=\(columns);height=\(rows);"
      + "preserveAspectRatio=1:\(Data(file).base64EncodedString())\u{07}"
  }
}

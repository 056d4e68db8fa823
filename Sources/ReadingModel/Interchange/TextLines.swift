extension String {
  /// The lines of the text, their ends removed, whether they end in CRLF, LF or CR (files
  /// from Windows, old Macs and devices mix them); an empty last line is no line.
  var lineSlices: [Substring] {
    var lines: [Substring] = []
    var start = startIndex
    var index = start
    while index < endIndex {
      let character = self[index]
      // "\r\n" is one Character in Swift.
      if character == "\n" || character == "\r" || character == "\r\n" {
        lines.append(self[start..<index])
        start = self.index(after: index)
      }
      index = self.index(after: index)
    }
    if start < endIndex { lines.append(self[start...]) }
    return lines
  }
}

/// The key table as people read it: the help overlay's lines and the keys of
/// `browse --help`, both made from ``BrowserKeyMap/bindings``, so neither can list a key the
/// browser does not have.
enum BrowserKeyHelp {
  /// The overlay's first line.
  static let title = "Keys (Esc closes)"

  /// The sections in the table's order, each with its bindings.
  static var sections: [(section: BrowserKeyBinding.Section, bindings: [BrowserKeyBinding])] {
    var sections: [(section: BrowserKeyBinding.Section, bindings: [BrowserKeyBinding])] = []
    for binding in BrowserKeyMap.bindings {
      if sections.last?.section == binding.section {
        sections[sections.count - 1].bindings.append(binding)
      } else {
        sections.append((binding.section, [binding]))
      }
    }
    return sections
  }

  /// The overlay's lines: the title, then each section, its entries flowed to `width`
  /// columns beside its name (under it, when narrow).
  ///
  /// - Parameter width: The columns inside the overlay's box.
  /// - Returns: The lines, without the box.
  static func lines(width: Int) -> [String] {
    let nameWidth = sections.map { DisplayWidth.of($0.section.title) }.max() ?? 0
    let beside = width - nameWidth - 2 >= 40
    let indent = beside ? nameWidth + 2 : 2
    var lines = [title]
    for (section, bindings) in sections {
      var line = beside ? TerminalText.padded(section.title, to: indent) : section.title
      if !beside {
        lines.append(line)
        line = String(repeating: " ", count: indent)
      }
      var isEmpty = true
      for binding in bindings {
        let entry = binding.entry
        let fits = DisplayWidth.of(line) + 2 + DisplayWidth.of(entry) <= width
        if !isEmpty, !fits {
          lines.append(line)
          line = String(repeating: " ", count: indent)
          isEmpty = true
        }
        line += (isEmpty ? "" : "  ") + entry
        isEmpty = false
      }
      lines.append(line)
    }
    return lines
  }

  /// The entries of one section, in the table's order.
  ///
  /// - Parameter section: The section.
  /// - Returns: `p progress`, `n note`, …
  static func entries(in section: BrowserKeyBinding.Section) -> [String] {
    BrowserKeyMap.bindings.filter { $0.section == section }.map(\.entry)
  }

  /// The keys for `browse --help`: a paragraph a section, `In the list: ↑ ↓ j k move; …`.
  static var paragraphs: String {
    sections.map { section, bindings in
      section.title + ": " + bindings.map(\.entry).joined(separator: "; ") + "."
    }.joined(separator: "\n")
  }
}

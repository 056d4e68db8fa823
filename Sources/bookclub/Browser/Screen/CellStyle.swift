/// How a cell is drawn: a colour and attributes, as one SGR sequence.
struct CellStyle: Hashable, Sendable {
  /// The foreground colours bookclub uses, as SGR numbers.
  enum Color: UInt8, Sendable {
    case red = 31
    case green = 32
    case yellow = 33
    case blue = 34
    case magenta = 35
    case cyan = 36
  }

  /// A colour of 24 bits, for the pixels of a cover drawn in half blocks.
  struct RGB: Hashable, Sendable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
  }

  var color: Color?
  /// A cover's pixels: the upper one as foreground, the lower as background.
  var foreground: RGB?
  var background: RGB?
  var bold = false
  var dim = false
  /// Reverse video: the cursor row, the tab selected. Not a colour, so kept under NO_COLOR.
  var reverse = false

  static let plain = CellStyle()
  static let bold = CellStyle(bold: true)
  static let dim = CellStyle(dim: true)
  static let reverse = CellStyle(reverse: true)

  static func colored(_ color: Color) -> CellStyle { CellStyle(color: color) }

  /// This style without its colour, for `NO_COLOR` and the `color` setting.
  var withoutColor: CellStyle {
    var style = self
    style.color = nil
    style.foreground = nil
    style.background = nil
    return style
  }

  /// The SGR sequence that sets this style from any other: a reset, then the attributes.
  var sequence: String {
    var codes = ["0"]
    if bold { codes.append("1") }
    if dim { codes.append("2") }
    if reverse { codes.append("7") }
    if let color { codes.append(String(color.rawValue)) }
    if let rgb = foreground { codes.append("38;2;\(rgb.red);\(rgb.green);\(rgb.blue)") }
    if let rgb = background { codes.append("48;2;\(rgb.red);\(rgb.green);\(rgb.blue)") }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}

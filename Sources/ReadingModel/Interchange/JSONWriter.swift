/// Writes compact JSON straight into UTF-8 bytes, for output that must be both fast (every
/// book of a large library) and byte-for-byte stable. Callers write object keys in sorted
/// order themselves.
public struct JSONWriter {
  public private(set) var bytes: [UInt8] = []

  public init() {}

  /// A writer with room for `capacity` bytes before it grows.
  public init(reservingCapacity capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  public mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// `text` as it is, copied from the program's own bytes in one go: the keys and
  /// punctuation of a writer that runs for every book.
  public mutating func literal(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// `"name":` as JSON, made once for a name written many times (``member(_:string:first:)``).
  public static func key(_ name: String) -> [UInt8] {
    var key = JSONWriter()
    key.string(name)
    key.raw(":")
    return key.bytes
  }

  /// One string member of an object written by hand: a comma unless it is the first, the
  /// key as ``key(_:)`` made it, then `value`.
  public mutating func member(_ key: [UInt8], string value: String, first: inout Bool) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    first = false
    bytes.append(contentsOf: key)
    string(value)
  }

  public mutating func null() { literal("null") }

  public mutating func integer(_ value: some BinaryInteger) { raw(String(value)) }

  /// `value` in decimal, its digits written straight into the bytes: an id and a page count
  /// for every book of `list --all --json`, where going through `String` (and the generic
  /// form, which a caller in another module reaches unspecialised) cost more than the rest
  /// of the number's members together.
  public mutating func integer(_ value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var rest = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest > 0
      bytes.append(contentsOf: digits[start...])
    }
  }

  /// `value` in decimal (see ``integer(_:)-(Int64)``).
  public mutating func integer(_ value: Int) { integer(Int64(value)) }

  /// The shortest text that reads back as the same `Double`.
  public mutating func number(_ value: Double) { raw(value.isFinite ? String(value) : "null") }

  /// A date in ``InterchangeDate`` form, quoted.
  public mutating func date(_ milliseconds: Int64) {
    bytes.append(UInt8(ascii: "\""))
    InterchangeDate.append(milliseconds: milliseconds, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// `text` quoted, escaping what JSON requires; other characters pass as UTF-8.
  public mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    // One pass over the text's own bytes: runs that need no escape (most strings whole)
    // are copied in one go.
    text.withUTF8 { utf8 in
      var run = 0
      var index = JSONStringScan.plainEnd(in: utf8, from: 0, controls: true)
      while index < utf8.count {
        let byte = utf8[index]
        if Self.needsEscape(byte) {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
          escape(byte)
          run = index + 1
        }
        index += 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Whether JSON needs `byte` escaped in a string: a control character, a quote, a
  /// backslash.
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// A byte JSON does not allow bare in a string, escaped.
  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): raw(#"\""#)
    case UInt8(ascii: "\\"): raw(#"\\"#)
    case UInt8(ascii: "\n"): raw(#"\n"#)
    case UInt8(ascii: "\r"): raw(#"\r"#)
    case UInt8(ascii: "\t"): raw(#"\t"#)
    default:
      raw(#"\u00"#)
      bytes.append(Self.hexDigits[Int(byte >> 4)])
      bytes.append(Self.hexDigits[Int(byte & 0xF)])
    }
  }

  public mutating func optionalString(_ text: String?) {
    if let text { string(text) } else { null() }
  }

  /// `[...]`, each element written by `element`.
  public mutating func array<C: Collection>(
    _ items: C, _ element: (inout JSONWriter, C.Element) -> Void
  ) {
    bytes.append(UInt8(ascii: "["))
    var first = true
    for item in items {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      element(&self, item)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// `{...}`: `body` writes the members with ``member(_:_:)``.
  public mutating func object(_ body: (inout ObjectWriter) -> Void) {
    var object = ObjectWriter(writer: self)
    bytes = []
    object.writer.bytes.append(UInt8(ascii: "{"))
    body(&object)
    object.writer.bytes.append(UInt8(ascii: "}"))
    self = object.writer
  }

  /// Writes an object's members, with their commas.
  public struct ObjectWriter {
    fileprivate var writer: JSONWriter
    private var first = true

    fileprivate init(writer: JSONWriter) {
      self.writer = writer
    }

    /// One `"key": value`; `value` writes the value.
    public mutating func member(_ key: String, _ value: (inout JSONWriter) -> Void) {
      if !first { writer.bytes.append(UInt8(ascii: ",")) }
      first = false
      writer.string(key)
      writer.bytes.append(UInt8(ascii: ":"))
      value(&writer)
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}

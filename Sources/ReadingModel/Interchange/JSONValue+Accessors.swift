extension JSONValue {
  /// The text of a string value.
  public var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// An integer value.
  public var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// A number, integer or not.
  public var double: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .number(let value): value
    default: nil
    }
  }
}

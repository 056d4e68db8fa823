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

  /// The items of an array value.
  public var items: [JSONValue]? {
    if case .array(let items) = self { return items }
    return nil
  }

  /// The members of an object value.
  public var members: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }
}

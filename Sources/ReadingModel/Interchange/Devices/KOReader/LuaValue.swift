/// A value of a Lua data file (KOReader's sidecars): what a table constructor can hold when
/// it is data only. Nothing here is ever run.
public enum LuaValue: Sendable, Equatable {
  case string(String)
  case number(Double)
  case boolean(Bool)
  case table(LuaTable)

  public var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The number when it is a whole one that fits an `Int`.
  public var integer: Int? {
    guard let number, number.rounded() == number, abs(number) < 1e15 else { return nil }
    return Int(number)
  }

  public var table: LuaTable? {
    if case .table(let value) = self { return value }
    return nil
  }

  public var boolean: Bool? {
    if case .boolean(let value) = self { return value }
    return nil
  }
}

/// A Lua table: members by name, and the items numbered from 1 (`[1] = …` or written in
/// order), which KOReader writes for lists.
public struct LuaTable: Sendable, Equatable {
  public var named: [String: LuaValue] = [:]
  public var numbered: [Int: LuaValue] = [:]

  public init() {}

  public subscript(name: String) -> LuaValue? { named[name] }

  /// The numbered items in order of their numbers (a sparse list keeps its order).
  public var items: [LuaValue] { numbered.sorted { $0.key < $1.key }.map(\.value) }
}

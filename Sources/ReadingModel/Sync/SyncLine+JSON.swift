#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SyncLine {
  /// The line as its journal holds it, newline included, keys in alphabetical order.
  public var jsonLine: [UInt8] {
    if case .unknown(_, let line) = kind { return line + [0x0A] }
    var members: [String: JSONValue] = [
      "v": .integer(Int64(Self.version)), "device": .string(device.text),
      "seq": .integer(Int64(sequence)), "stamp": .string(stamp.description),
    ]
    switch kind {
    case .book(let change):
      members["kind"] = .string("book")
      members["book"] = .string(change.book)
      if let claim = change.claim { members["claim"] = .integer(claim) }
      if !change.fields.isEmpty { members["fields"] = .object(change.fields) }
      if !change.previous.isEmpty {
        members["previous"] = .object(change.previous.mapValues { .string($0.description) })
      }
      if !change.items.isEmpty { members["items"] = .object(change.items) }
      if let removed = change.removed { members["removed"] = .bool(removed) }
    case .device(let name):
      members["kind"] = .string("device")
      members["name"] = .string(name)
    case .club(let change):
      members.merge(change.members) { $1 }
      members["kind"] = .string("club")
    case .unknown: break
    }
    var json = JSONWriter()
    JSONValue.object(members).write(to: &json)
    return json.bytes + [0x0A]
  }

  /// ``decode(_:of:)`` of many lines, spread over the cores.
  ///
  /// - Returns: What each line decodes to, in the order given.
  static func decode(_ lines: [[UInt8]], of device: SyncDeviceID) -> [Result<
    SyncLine, SyncLineError
  >] {
    JournalLineDecoding.decode(lines) { run in run.map { decode($0, of: device) } }
  }

  /// Reads a journal line of `device`, checking its shape (a value's own checks come when
  /// the book it changes is put together).
  ///
  /// - Parameters:
  ///   - line: The line's bytes, without its newline.
  ///   - device: The device whose journal the line is in: a line naming another is refused.
  /// - Returns: The line, or why it is not one of `device`.
  public static func decode(_ line: [UInt8], of device: SyncDeviceID) -> Result<
    SyncLine, SyncLineError
  > {
    var parser = JSONParser(bytes: line, limit: ClubJournal.lineLimit)
    guard case .object(let members)? = try? parser.value(), (try? parser.isAtEnd()) == true
    else { return .failure(.notJSON) }
    guard let version = members["v"]?.integer, version >= 1 else {
      return .failure(.missing("v"))
    }
    guard members["device"]?.string == device.text else { return .failure(.otherDevice) }
    guard let sequence = members["seq"]?.integer, (1...Int64(Int32.max)).contains(sequence)
    else { return .failure(.missing("seq")) }
    guard let stamp = members["stamp"]?.string.flatMap(SyncStamp.init), stamp.device == device
    else { return .failure(.missing("stamp")) }
    guard let kind = members["kind"]?.string else { return .failure(.missing("kind")) }
    let decoded: Kind
    switch kind {
    case "book" where version == Int64(Self.version):
      guard let change = SyncBookChange(members: members) else {
        return .failure(.invalid("book"))
      }
      decoded = .book(change)
    case "device" where version == Int64(Self.version):
      guard let name = members["name"]?.string, name.utf8.count <= 200 else {
        return .failure(.missing("name"))
      }
      decoded = .device(name: name)
    case "club" where version == Int64(Self.version):
      guard let change = SyncClubChange(members: members) else {
        return .failure(.invalid("club"))
      }
      decoded = .club(change)
    default:
      decoded = .unknown(kind: String(kind.prefix(40)), line: line)
    }
    return .success(
      SyncLine(device: device, sequence: Int(sequence), stamp: stamp, kind: decoded))
  }
}

/// Why a journal line was skipped.
public enum SyncLineError: Error, Equatable, Sendable {
  /// The line is not a JSON object.
  case notJSON
  /// A member the line needs is missing or has no sensible value.
  case missing(String)
  /// The line names another device than the journal's.
  case otherDevice
  /// The change's values do not fit their kind.
  case invalid(String)

  /// How a warning says it: "line 3 is not JSON; it was skipped".
  public var reason: String {
    switch self {
    case .notJSON: "is not JSON"
    case .missing(let member): "has no valid \"\(member)\""
    case .otherDevice: "names another device than its journal's"
    case .invalid(let what): "is not a valid \(what) change"
    }
  }
}

extension SyncBookChange {
  /// Reads a `book` line's members.
  fileprivate init?(members: [String: JSONValue]) {
    guard let book = members["book"]?.string, Self.isBookID(book) else { return nil }
    self.init(book: book)
    if let claim = members["claim"] {
      guard let id = claim.integer, (1...Int64(Int32.max)).contains(id) else { return nil }
      self.claim = id
    }
    if let fields = members["fields"] {
      guard case .object(let values) = fields, values.keys.allSatisfy(Self.isFieldName) else {
        return nil
      }
      self.fields = values
    }
    if let previous = members["previous"] {
      guard case .object(let values) = previous else { return nil }
      for (name, value) in values {
        guard Self.isFieldName(name), let stamp = value.string.flatMap(SyncStamp.init) else {
          return nil
        }
        self.previous[name] = stamp
      }
    }
    if let items = members["items"] {
      guard case .object(let values) = items, values.keys.allSatisfy(Self.isItemKey) else {
        return nil
      }
      self.items = values
    }
    if let removed = members["removed"] {
      guard case .bool(let value) = removed else { return nil }
      self.removed = value
    }
  }

  /// A field a book line may set: a book's member or a detail, never its id or its lists.
  static func isFieldName(_ name: String) -> Bool {
    guard (1...64).contains(name.utf8.count) else { return false }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard let first = parts.first, !first.isEmpty, parts.count <= 2 else { return false }
    if parts.count == 2 { return first == "details" && !parts[1].isEmpty }
    return !SyncBookState.structuredMembers.contains(String(first))
  }

  /// An item key: `progress/`, `statusChanges/` or `history/` and what names the item.
  static func isItemKey(_ key: String) -> Bool {
    guard key.utf8.count <= 4096,
      let slash = key.firstIndex(of: "/"), key.index(after: slash) < key.endIndex
    else { return false }
    return SyncBookState.itemLists.contains(String(key[..<slash]))
  }
}

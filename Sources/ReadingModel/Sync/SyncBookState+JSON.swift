extension SyncBookState {
  /// The state as the library's `sync_books` table keeps it: compact JSON, keys sorted.
  var storedText: String {
    func registers(_ registers: [String: Register]) -> JSONValue {
      .object(registers.mapValues(\.stored))
    }
    var members: [String: JSONValue] = [
      "claim": .integer(claim), "added": .string(added.description),
      "fields": registers(fields), "items": registers(items),
    ]
    if let removed { members["removed"] = removed.stored }
    return JSONValue.object(members).text
  }

  /// Reads a state ``storedText`` wrote.
  ///
  /// - Parameter text: The stored text.
  /// - Returns: `nil` when the text is not a state (a damaged row).
  init?(storedText text: String) {
    var parser = JSONParser(bytes: Array(text.utf8))
    guard let stored = try? parser.value() else { return nil }
    self.init(stored: stored)
  }

  /// Reads a state ``storedText`` wrote, parsed already (a snapshot holds them whole).
  ///
  /// - Returns: `nil` when the value is not a state.
  init?(stored: JSONValue) {
    guard case .object(let members) = stored,
      let claim = members["claim"]?.integer,
      let added = members["added"]?.string.flatMap(SyncStamp.init)
    else { return nil }
    self.init(claim: claim, added: added)
    func registers(_ value: JSONValue?) -> [String: Register]? {
      guard case .object(let stored)? = value else { return nil }
      var registers: [String: Register] = [:]
      for (key, value) in stored {
        guard let register = Register(stored: value) else { return nil }
        registers[key] = register
      }
      return registers
    }
    guard let fields = registers(members["fields"]), let items = registers(members["items"])
    else { return nil }
    self.fields = fields
    self.items = items
    if let removed = members["removed"] {
      guard let register = Register(stored: removed) else { return nil }
      self.removed = register
    }
  }
}

extension SyncBookState.Register {
  /// `[value, "stamp"]`, `[value, "stamp", "previous"]`, or with `true` after for a value
  /// an add set (`[value, "stamp", null, true]`).
  var stored: JSONValue {
    var parts: [JSONValue] = [value, .string(stamp.description)]
    if previous != nil || fromAdd {
      parts.append(previous.map { .string($0.description) } ?? .null)
    }
    if fromAdd { parts.append(.bool(true)) }
    return .array(parts)
  }

  init?(stored: JSONValue) {
    guard case .array(let parts) = stored, (2...4).contains(parts.count),
      let stamp = parts[1].string.flatMap(SyncStamp.init)
    else { return nil }
    var previous: SyncStamp?
    if parts.count >= 3, parts[2] != .null {
      guard let stamp = parts[2].string.flatMap(SyncStamp.init) else { return nil }
      previous = stamp
    }
    self.init(
      value: parts[0], stamp: stamp, previous: previous,
      fromAdd: parts.count == 4 && parts[3] == .bool(true))
  }
}

extension SyncBookState {
  /// The book this state makes, as an archive item with `id`: fields as their latest
  /// change left them, entries by time (then id), status changes and history by time.
  ///
  /// - Parameter id: The book's local id.
  /// - Returns: The item; `nil` when the values do not make a valid book (a hostile line).
  public func item(id: Int64) -> LibraryArchive.Item? { try? checkedItem(id: id) }

  /// ``item(id:)``, or why the values do not make a valid book.
  ///
  /// - Throws: ``ArchiveError/invalidBook(_:reason:)``.
  func checkedItem(id: Int64) throws(ArchiveError) -> LibraryArchive.Item {
    var members: [String: JSONValue] = ["id": .integer(id)]
    var details: [String: JSONValue] = [:]
    for (name, register) in fields where register.value != .null {
      if name.hasPrefix("details.") {
        details[String(name.dropFirst("details.".count))] = register.value
      } else {
        members[name] = register.value
      }
    }
    if !details.isEmpty { members["details"] = .object(details) }
    var lists: [String: [(key: String, time: String, value: JSONValue)]] = [:]
    for (key, register) in items where register.value != .null {
      guard let slash = key.firstIndex(of: "/") else { continue }
      let time = register.value.member("time")?.string ?? ""
      lists[String(key[..<slash]), default: []].append((key, time, register.value))
    }
    for (list, values) in lists {
      members[list] = .array(
        values.sorted { ($0.time, $0.key) < ($1.time, $1.key) }.map(\.value))
    }
    return try LibraryArchive.Item(json: .object(members))
  }

  /// A book's fields and items, keyed as a state keeps them.
  ///
  /// - Parameter item: The book as the library holds it.
  /// - Returns: Fields by name (details as `details.<name>`) and items by key.
  static func members(of item: LibraryArchive.Item) -> (
    fields: [String: JSONValue], items: [String: JSONValue]
  ) {
    var json = JSONWriter()
    item.write(to: &json)
    var parser = JSONParser(bytes: json.bytes)
    guard case .object(let members)? = try? parser.value() else { return ([:], [:]) }
    var fields: [String: JSONValue] = [:]
    var items: [String: JSONValue] = [:]
    for (name, value) in members {
      switch name {
      case "id": continue
      case "details":
        guard case .object(let details) = value else { continue }
        for (detail, value) in details { fields["details." + detail] = value }
      case "progress", "highlights", "sessions":
        for entry in value.elements {
          items[name + "/" + (entry.member("id")?.string ?? entry.text)] = entry
        }
      case "statusChanges", "history":
        for element in value.elements { items[name + "/" + element.text] = element }
      default: fields[name] = value
      }
    }
    return (fields, items)
  }

  /// What changed between this state and the book as the library now holds it: the change
  /// this device's journal records.
  ///
  /// - Parameters:
  ///   - item: The book as the library holds it; `nil` when it is in the trash (or gone).
  ///   - book: The book's sync id.
  /// - Returns: The change; `nil` when nothing differs.
  func change(toward item: LibraryArchive.Item?, book: String) -> SyncBookChange? {
    var change = SyncBookChange(book: book)
    guard let item else {
      guard !isRemoved else { return nil }
      change.removed = true
      return change
    }
    if isRemoved { change.removed = false }
    let (localFields, localItems) = Self.members(of: item)
    for name in Set(localFields.keys).union(fields.keys) {
      let value = localFields[name] ?? .null
      guard fields[name]?.value ?? .null != value else { continue }
      change.fields[name] = value
      if let stamp = fields[name]?.stamp { change.previous[name] = stamp }
    }
    for key in Set(localItems.keys).union(items.keys) {
      let value = localItems[key] ?? .null
      guard items[key]?.value ?? .null != value else { continue }
      change.items[key] = value
    }
    let changed = !change.fields.isEmpty || !change.items.isEmpty || change.removed != nil
    return changed ? change : nil
  }
}

extension JSONValue {
  /// An object's member.
  fileprivate func member(_ name: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[name]
  }

  /// An array's elements; none for anything else.
  fileprivate var elements: [JSONValue] {
    guard case .array(let values) = self else { return [] }
    return values
  }
}

import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One device of a sync as `sync status` and `sync devices` list it: its name, its last
/// change read here, how many were applied, and whether its journal holds more.
struct SyncDeviceList {
  var id: SyncDeviceID
  var name: String
  var isThisDevice: Bool
  var lastChange: Date?
  var changes: Int
  /// Whether its journal holds lines this device has not read yet.
  var hasUnread: Bool

  /// Every device with a journal in the folder, this one first.
  static func read(_ library: SQLiteLibrary, setup: SyncSetup) async throws -> [SyncDeviceList] {
    let folder = try SyncFolder.open(setup.folder)
    let records = Dictionary(
      uniqueKeysWithValues: try await library.syncDevices().map { ($0.device, $0) })
    var devices = [
      SyncDeviceList(
        id: setup.device, name: setup.name, isThisDevice: true, lastChange: nil, changes: 0,
        hasUnread: false)
    ]
    for device in folder.devices() where device != setup.device {
      if try await library.isForgotten(device) { continue }
      let record = records[device]
      let size =
        (try? FileManager.default.attributesOfItem(
          atPath: setup.folder + "/" + folder.journalName(of: device))[.size] as? Int) ?? 0
      devices.append(
        SyncDeviceList(
          id: device, name: record?.name ?? "", isThisDevice: false,
          lastChange: record?.lastStamp.map {
            Date(timeIntervalSince1970: Double($0.milliseconds) / 1000)
          },
          changes: record?.changes ?? 0, hasUnread: size > (record?.readPoint.offset ?? 0)))
    }
    return devices
  }

  /// `laptop (a1b2c3d4e5f6): 120 changes, the last 2026-12-01 18:00 UTC; more to read`.
  var line: String {
    let label = name.isEmpty ? id.text : "\(TerminalText.safe(name)) (\(id))"
    var text = label + ": \(changes) \(changes == 1 ? "change" : "changes") applied here"
    if let lastChange {
      text += ", the last at " + InterchangeDate.format(milliseconds: lastChange.milliseconds)
    }
    if isThisDevice { text += " (this device)" }
    if hasUnread { text += "; more in its journal, for the next sync" }
    return text
  }

  var json: JSONValue {
    .object([
      "id": .string(id.text), "name": .string(name), "thisDevice": .bool(isThisDevice),
      "changes": .integer(Int64(changes)), "lastChange": .date(lastChange),
      "unread": .bool(hasUnread),
    ])
  }
}

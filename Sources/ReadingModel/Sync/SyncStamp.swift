/// A hybrid logical clock stamp: when a device made a change, in wall-clock milliseconds
/// where clocks agree, with a counter that keeps every stamp after every one the device has
/// seen where they do not, and the device's id to break ties. Stamps order changes the same
/// way on every device: the later stamp wins a field.
public struct SyncStamp: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Milliseconds since 1970, as the device's clock said (or later, after a stamp seen from a
  /// device whose clock runs ahead).
  public var milliseconds: Int64
  /// Orders stamps of one millisecond.
  public var counter: Int
  /// The device that made the change.
  public var device: SyncDeviceID

  public init(milliseconds: Int64, counter: Int, device: SyncDeviceID) {
    self.milliseconds = milliseconds
    self.counter = counter
    self.device = device
  }

  /// The latest a stamp may be: a year 9999 clock is a broken or a hostile one.
  static let latestMilliseconds: Int64 = 253_402_300_799_999

  /// `1764672000000.3.a1b2c3d4e5f6`: what journals hold.
  public var description: String { "\(milliseconds).\(counter).\(device)" }

  /// Reads a stamp as ``description`` writes it.
  ///
  /// - Parameter text: The stamp's text.
  /// - Returns: `nil` when the text is not a stamp (absurd numbers included).
  public init?(_ text: String) {
    let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count <= 16, parts[1].count <= 9,
      let milliseconds = Int64(parts[0]), (0...Self.latestMilliseconds).contains(milliseconds),
      let counter = Int(parts[1]), counter >= 0,
      let device = SyncDeviceID(String(parts[2]))
    else { return nil }
    self.init(milliseconds: milliseconds, counter: counter, device: device)
  }

  public static func < (lhs: SyncStamp, rhs: SyncStamp) -> Bool {
    (lhs.milliseconds, lhs.counter, lhs.device.text)
      < (rhs.milliseconds, rhs.counter, rhs.device.text)
  }

  /// The stamp of a device's next change: after `latest` (every stamp it has made or seen)
  /// and at `now` when its clock is ahead of them.
  ///
  /// - Parameters:
  ///   - latest: The latest stamp the device knows, if any.
  ///   - now: The device's clock, in milliseconds.
  ///   - device: The device.
  /// - Returns: A stamp later than `latest`.
  public static func next(after latest: SyncStamp?, now: Int64, device: SyncDeviceID)
    -> SyncStamp
  {
    guard let latest, latest.milliseconds >= now else {
      return SyncStamp(milliseconds: now, counter: 0, device: device)
    }
    return SyncStamp(milliseconds: latest.milliseconds, counter: latest.counter + 1, device: device)
  }
}

/// A device's id in a sync folder: its journal's name (`devices/<id>.jsonl`), so only
/// lowercase letters, digits and `-`, 1 to 40 of them: never a path or an option.
public struct SyncDeviceID: Sendable, Hashable, CustomStringConvertible {
  public let text: String

  /// - Parameter text: The id; `nil` when it is not one.
  public init?(_ text: String) {
    guard (1...40).contains(text.utf8.count), text.utf8.first != UInt8(ascii: "-"),
      text.utf8.allSatisfy({ byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
      })
    else { return nil }
    self.text = text
  }

  public var description: String { text }
}

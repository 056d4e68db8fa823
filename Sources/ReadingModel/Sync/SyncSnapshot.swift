import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `sync compact` writes to a sync folder's `snapshot.json`: every book's merged state,
/// and how far into each device's journal it covers, so a new device takes the snapshot and
/// reads only the lines after it instead of years of changes. The journals stay whole: an
/// old device catches up by reading on where it stopped, as before.
///
/// Format 2 is a line of what covers the books (the devices, the clubs, how many books),
/// then one line a book, read over the cores as a journal is; format 1 held every book in
/// its one line, parsed on one core (a 100,000-book snapshot took longer to join from than
/// replaying the journals), and is still read.
public struct SyncSnapshot: Sendable, Equatable {
  /// The snapshot format this build writes; a newer one is not read (the journals are).
  public static let formatVersion = 2
  public static let fileName = "snapshot.json"

  /// A book in the snapshot: its state, what it was added as, the sync ids merged into it,
  /// and the values that lost its fields (for its conflicts).
  public struct Book: Sendable, Equatable {
    public var book: String
    public var state: SyncBookState
    public var addKey: String?
    public var aliases: [Alias] = []
    public var replaced: [SyncBookState.Replaced] = []
  }

  /// A sync id merged into another book, with what it was added as.
  public struct Alias: Sendable, Equatable {
    public var alias: String
    public var addKey: String?
    public var added: String
  }

  /// The last line of each device's journal the snapshot holds, and the device's name.
  public var covers: [SyncDeviceID: (sequence: Int, name: String)]
  /// Where in each device's journal that line ends, when the compacting device knew: a new
  /// device reads on from there (once it has checked the line before is that one) instead
  /// of reading every line to skip those covered.
  public var points: [SyncDeviceID: ClubJournal.ReadPoint] = [:]
  public var books: [Book]
  /// Each club's latest membership, with its stamp: a device that starts from the snapshot
  /// reads none of the lines that announced them.
  public var clubs: [Club] = []

  /// A club's latest membership, as a `club` line gave it.
  public struct Club: Sendable, Equatable {
    public var change: SyncClubChange
    public var stamp: SyncStamp
  }

  public static func == (lhs: SyncSnapshot, rhs: SyncSnapshot) -> Bool {
    lhs.books == rhs.books && lhs.covers.mapValues(\.sequence) == rhs.covers.mapValues(\.sequence)
      && lhs.clubs == rhs.clubs
  }

  /// The snapshot as `snapshot.json` holds it: its first line, then a line a book.
  public func data(library: String) -> Data {
    var json = JSONWriter(reservingCapacity: 64 + books.count * 1024)
    JSONValue.object([
      "format": .string("bookclub-sync-snapshot"), "version": .integer(Int64(Self.formatVersion)),
      "library": .string(library),
      "covers": .object(
        Dictionary(
          uniqueKeysWithValues: covers.map { device, cover in
            (device.text, Self.json(cover, at: points[device]))
          })),
      "books": .integer(Int64(books.count)),
      "clubs": .array(
        clubs.map { club in
          .object(club.change.members.merging(["stamp": .string(club.stamp.description)]) { $1 })
        }),
    ]).write(to: &json)
    json.raw("\n")
    for book in books {
      book.json.write(to: &json)
      json.raw("\n")
    }
    return Data(json.bytes)
  }

  /// Reads `snapshot.json`.
  ///
  /// - Returns: `nil` when the bytes are not a snapshot of `library` this build reads.
  public init?(bytes: [UInt8], library: String) {
    let firstEnd = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
    var parser = JSONParser(bytes: Array(bytes[..<firstEnd]), limit: Int(Int32.max))
    guard case .object(let members)? = try? parser.value(),
      members["format"]?.string == "bookclub-sync-snapshot",
      let version = members["version"]?.integer, version <= Int64(Self.formatVersion),
      members["library"]?.string == library,
      case .object(let covers)? = members["covers"]
    else { return nil }
    self.covers = [:]
    for (device, cover) in covers {
      guard let id = SyncDeviceID(device), case .object(let values) = cover,
        let sequence = values["seq"]?.integer
      else { return nil }
      self.covers[id] = (Int(sequence), values["name"]?.string ?? "")
      if let offset = values["offset"]?.integer, let line = values["line"]?.integer,
        let checkLength = values["checkLength"]?.integer, let hash = values["checkHash"]?.integer,
        (1...Int64(Int32.max)).contains(offset), (1...offset).contains(checkLength),
        (1...offset).contains(line)
      {
        points[id] = ClubJournal.ReadPoint(
          offset: Int(offset), lineNumber: Int(line), checkLength: Int(checkLength),
          checkHash: hash, lastSequence: Int(sequence))
      }
    }
    let read: [Book]?
    switch members["books"] {
    case .array(let books)?: read = Self.books(books)  // format 1: in the first line
    case let count? where count.integer != nil:
      read = Self.books(lines: bytes[min(firstEnd + 1, bytes.endIndex)...], count: count.integer!)
    default: read = nil
    }
    guard let read else { return nil }
    self.books = read
    // Clubs came after the first snapshots: a snapshot without them has none to tell.
    if case .array(let clubs)? = members["clubs"] {
      for case .object(let values) in clubs {
        guard let change = SyncClubChange(members: values),
          let stamp = values["stamp"]?.string.flatMap(SyncStamp.init)
        else { continue }
        self.clubs.append(Club(change: change, stamp: stamp))
      }
    }
  }

  public init(
    covers: [SyncDeviceID: (sequence: Int, name: String)],
    points: [SyncDeviceID: ClubJournal.ReadPoint] = [:], books: [Book]
  ) {
    self.covers = covers
    self.points = points
    self.books = books
  }

  /// The books of a format 2 snapshot, a line each, parsed and read over the cores.
  ///
  /// - Returns: `nil` when a line is not a book, or there are not `count` of them (a cut
  ///   file: the journals hold everything).
  private static func books(lines bytes: ArraySlice<UInt8>, count: Int64) -> [Book]? {
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
    guard Int64(lines.count) == count else { return nil }
    let parts = min(4, ProcessInfo.processInfo.activeProcessorCount, lines.count / 256)
    var read = [Book?](repeating: nil, count: lines.count)
    read.withUnsafeMutableBufferPointer { buffer in
      // Each part writes only its own slots, and the buffer outlives them all.
      nonisolated(unsafe) let slots = buffer
      DispatchQueue.concurrentPerform(iterations: max(1, parts)) { part in
        for index in stride(from: part, to: lines.count, by: max(1, parts)) {
          var parser = JSONParser(bytes: Array(lines[index]), limit: Int(Int32.max))
          guard let value = try? parser.value(), (try? parser.isAtEnd()) == true else { continue }
          slots[index] = Book(json: value)
        }
      }
    }
    let books = read.compactMap { $0 }
    return books.count == lines.count ? books : nil
  }

  /// The books of a format 1 snapshot, read over the cores (a snapshot holds a whole
  /// library).
  ///
  /// - Returns: `nil` when one is not a book.
  private static func books(_ values: [JSONValue]) -> [Book]? {
    let parts = min(4, ProcessInfo.processInfo.activeProcessorCount, values.count / 256)
    guard parts > 1 else {
      var read: [Book] = []
      for value in values {
        guard let book = Book(json: value) else { return nil }
        read.append(book)
      }
      return read
    }
    var read = [Book?](repeating: nil, count: values.count)
    read.withUnsafeMutableBufferPointer { buffer in
      // Each part writes only its own slots, and the buffer outlives them all.
      nonisolated(unsafe) let slots = buffer
      DispatchQueue.concurrentPerform(iterations: parts) { part in
        for index in stride(from: part, to: values.count, by: parts) {
          slots[index] = Book(json: values[index])
        }
      }
    }
    let books = read.compactMap { $0 }
    return books.count == values.count ? books : nil
  }

  /// One device's cover: its last line, its name, and where that line ends.
  private static func json(
    _ cover: (sequence: Int, name: String), at point: ClubJournal.ReadPoint?
  ) -> JSONValue {
    var members: [String: JSONValue] = [
      "seq": .integer(Int64(cover.sequence)), "name": .string(cover.name),
    ]
    if let point, point.lastSequence == cover.sequence, point.offset > 0 {
      members["offset"] = .integer(Int64(point.offset))
      members["line"] = .integer(Int64(point.lineNumber))
      members["checkLength"] = .integer(Int64(point.checkLength))
      members["checkHash"] = .integer(point.checkHash)
    }
    return .object(members)
  }
}

extension SyncSnapshot.Book {
  fileprivate var json: JSONValue {
    var members: [String: JSONValue] = ["book": .string(book), "state": .raw(state.storedText)]
    if let addKey { members["addKey"] = .string(addKey) }
    if !aliases.isEmpty {
      members["aliases"] = .array(
        aliases.map { alias in
          var values: [String: JSONValue] = [
            "alias": .string(alias.alias), "added": .string(alias.added),
          ]
          if let addKey = alias.addKey { values["addKey"] = .string(addKey) }
          return .object(values)
        })
    }
    if !replaced.isEmpty {
      members["replaced"] = .array(
        replaced.map { .object(["field": .string($0.field), "register": $0.register.stored]) })
    }
    return .object(members)
  }

  fileprivate init?(json: JSONValue) {
    guard case .object(let members) = json, let book = members["book"]?.string,
      SyncBookChange.isBookID(book), let stateValue = members["state"],
      let state = SyncBookState(stored: stateValue)
    else { return nil }
    self.init(book: book, state: state, addKey: members["addKey"]?.string)
    if case .array(let aliases)? = members["aliases"] {
      for alias in aliases {
        guard case .object(let values) = alias, let name = values["alias"]?.string,
          SyncBookChange.isBookID(name), let added = values["added"]?.string
        else { return nil }
        self.aliases.append(
          SyncSnapshot.Alias(alias: name, addKey: values["addKey"]?.string, added: added))
      }
    }
    if case .array(let replaced)? = members["replaced"] {
      for lost in replaced {
        guard case .object(let values) = lost, let field = values["field"]?.string,
          let stored = values["register"], let register = SyncBookState.Register(stored: stored)
        else { return nil }
        self.replaced.append(SyncBookState.Replaced(field: field, register: register))
      }
    }
  }
}

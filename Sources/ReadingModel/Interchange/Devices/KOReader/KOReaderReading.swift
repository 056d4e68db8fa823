#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// KOReader's books as an ingest takes them: the statistics database's sessions and last
/// position joined with each sidecar's metadata, status, rating and highlights, by
/// KOReader's checksum of the book's file (else by title and first author).
enum KOReaderReading {
  /// Reads the statistics database and the sidecars.
  ///
  /// - Parameters:
  ///   - statistics: `statistics.sqlite3`, when there is one.
  ///   - sidecars: `metadata.<ext>.lua` files; one that cannot be read is listed in the
  ///     reading's problems, the others are read.
  ///   - zone: The zone the device's clock was in (sidecars keep local times).
  /// - Throws: ``DeviceFileError`` for a statistics database that cannot be read.
  static func read(
    statistics: String?, sidecars: [String], zone: TimeZoneRules, now: Date
  ) throws(DeviceFileError) -> DeviceReading {
    var reading = DeviceReading(
      kind: .koreader,
      files: (statistics.map { [$0] } ?? []) + sidecars)
    var books: [DeviceBook] = []
    var byKey: [String: Int] = [:]
    if let statistics {
      let database = try KOReaderStatistics(path: statistics, now: now)
      for book in database.books {
        let key = book.checksum.isEmpty ? Self.titleKey(book.title, book.authors) : book.checksum
        // A book KOReader keeps twice (its metadata edited): one book, every sitting of both,
        // the newer position.
        if let index = byKey[key] {
          let known = Set(books[index].sessions.map(\.id))
          books[index].sessions += book.sessions.filter { !known.contains($0.id) }
          if let position = book.position,
            books[index].position.map({ position.time > $0.time }) ?? true
          {
            books[index].position = position
          }
          continue
        }
        var device = DeviceBook(
          key: key, place: PathName.lastComponent(of: statistics) + " (\(book.title))",
          title: book.title, authors: book.authors, series: book.series,
          position: book.position)
        device.sessions = book.sessions
        byKey[key] = books.count
        byKey[Self.titleKey(book.title, book.authors)] = books.count
        books.append(device)
      }
      for (reason, count) in database.rowsLeftOut.sorted(by: { $0.key < $1.key }) {
        reading.remarks.append(
          "\(count) page turn\(count == 1 ? "" : "s") \(reason) left out of the sessions.")
      }
    }
    for path in sidecars {
      let sidecar: KOReaderSidecar
      do {
        sidecar = KOReaderSidecar(try LuaDataParser.table(from: try DeviceFiles.bytes(of: path)))
      } catch let error as LuaDataError {
        reading.problems.append("\(path): line \(error.line): \(error.reason); not read")
        continue
      } catch {
        reading.problems.append("\(path): \(error.explanation)")
        continue
      }
      let folder = PathName.lastComponent(of: PathName.folder(of: path))
      let written = Self.modified(path) ?? now
      let title = sidecar.title ?? String(folder.dropLast(folder.hasSuffix(".sdr") ? 4 : 0))
      let key = sidecar.checksum ?? Self.titleKey(title, sidecar.authors)
      let index =
        byKey[key] ?? byKey[Self.titleKey(title, sidecar.authors)]
        ?? {
          books.append(DeviceBook(key: key, place: folder, title: title, authors: sidecar.authors))
          return books.count - 1
        }()
      byKey[key] = index
      books[index].join(sidecar, place: folder, written: written, zone: zone, now: now)
    }
    reading.books = books
    return reading
  }

  /// A book's key without a checksum: its title and first author, folded.
  static func titleKey(_ title: String, _ authors: [String]) -> String {
    MatchKey.fullTitle(title) + "/" + MatchKey.author(authors.first ?? "")
  }

  /// When the file was last written.
  private static func modified(_ path: String) -> Date? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    // The field is named apart on Darwin (`st_mtimespec`): read where FileStamp reads it.
    let seconds = FileStamp.times(of: info).modified / 1_000_000_000
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }
}

extension DeviceBook {
  /// Takes what a sidecar says: its metadata over the database's (a sidecar reads the
  /// file's own), status, rating, highlights, and its position when the database has none.
  fileprivate mutating func join(
    _ sidecar: KOReaderSidecar, place: String, written: Date, zone: TimeZoneRules, now: Date
  ) {
    self.place = place
    if let title = sidecar.title { self.title = title }
    if !sidecar.authors.isEmpty { authors = sidecar.authors }
    isbn = sidecar.isbn ?? isbn
    series = sidecar.series.flatMap { SeriesPlace(text: $0) == nil ? nil : $0 } ?? series
    status = sidecar.status
    rating = sidecar.rating.map(Double.init)
    if position == nil, let fraction = sidecar.percentFinished {
      position = DevicePosition(fraction: fraction, time: written)
    }
    for mark in sidecar.highlights {
      var time = mark.created.flatMap { Self.localTime($0, zone: zone) } ?? written
      if !DeviceTime.isPlausible(time, now: now) { time = written }
      let highlight = Highlight(
        id: UUID(
          stableFrom: [
            DeviceKind.koreader.rawValue, key,
            mark.place ?? mark.created ?? String(mark.text.prefix(200)),
          ]),
        kind: mark.text.isEmpty ? .note : .highlight, text: mark.text,
        note: mark.note.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 },
        position: mark.page.flatMap { page in
          sidecar.pages.map { min(Double(page) / Double($0), 1) }
        }, page: mark.page, location: mark.chapter, time: time, color: mark.color,
        device: DeviceKind.koreader.rawValue)
      if let problem = highlight.problem {
        remarks.append("\(place): a highlight not kept: \(problem.errorDescription ?? "")")
      } else {
        highlights.append(highlight)
      }
    }
  }

  /// `2025-03-04 21:15:02` on the device's clock.
  private static func localTime(_ text: String, zone: TimeZoneRules) -> Date? {
    let parts = text.split(separator: " ")
    guard parts.count == 2, let day = CalendarDay(parts[0]) else { return nil }
    let clock = parts[1].split(separator: ":").compactMap { Int($0) }
    guard clock.count == 3, (0..<24).contains(clock[0]), (0..<60).contains(clock[1]),
      (0..<60).contains(clock[2])
    else { return nil }
    return DeviceTime.date(
      day: day, secondOfDay: clock[0] * 3600 + clock[1] * 60 + clock[2], in: zone)
  }
}

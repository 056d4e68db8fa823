extension LibraryArchive.Item {
  /// The item as compact JSON with sorted keys, written by hand: what `JSONEncoder` writes
  /// for it, only several times faster, which matters for exporting large libraries.
  /// Empty details, status changes, history and bases are left out, as ``encode(to:)``
  /// leaves them out.
  public func write(to json: inout JSONWriter) {
    json.object { object in
      object.member("added") { $0.date(book.dateAdded.milliseconds) }
      object.member("authors") { $0.array(book.authors) { $0.string($1) } }
      if !bases.isEmpty {
        object.member("bases") { json in
          json.object { object in
            for (source, base) in bases.sorted(by: { $0.key < $1.key }) {
              object.member(source) { base.write(to: &$0) }
            }
          }
        }
      }
      if !details.isEmpty { object.member("details") { details.write(to: &$0) } }
      if let format = book.format { object.member("format") { $0.string(format.rawValue) } }
      if !highlights.isEmpty {
        object.member("highlights") { $0.array(highlights) { $1.write(to: &$0) } }
      }
      if !history.isEmpty {
        object.member("history") {
          $0.array(history) { json, event in
            json.object { object in
              object.member("detail") { $0.string(event.detail) }
              object.member("kind") { $0.string(event.kind.rawValue) }
              object.member("time") { $0.date(event.time.milliseconds) }
            }
          }
        }
      }
      object.member("id") { $0.integer(book.id) }
      object.member("isbn10") { $0.optionalString(book.isbn10) }
      object.member("isbn13") { $0.optionalString(book.isbn13) }
      if let length = book.length { object.member("length") { $0.integer(length.seconds) } }
      object.member("pageCount") { json in book.pageCount.map { json.integer($0) } ?? json.null() }
      object.member("progress") {
        $0.array(progress.entries) { json, entry in
          json.object { object in
            object.member("id") { $0.string(entry.id.uuidString) }
            if entry.kind == .note { object.member("kind") { $0.string("note") } }
            if let note = entry.note { object.member("note") { $0.string(note) } }
            object.member("progress") { $0.number(entry.progress) }
            object.member("time") { $0.date(entry.time.milliseconds) }
          }
        }
      }
      if !sessions.isEmpty {
        object.member("sessions") { $0.array(sessions) { $1.write(to: &$0) } }
      }
      object.member("status") { $0.string(book.status.rawValue) }
      if !statusChanges.isEmpty {
        object.member("statusChanges") {
          $0.array(statusChanges) { json, change in
            json.object { object in
              object.member("status") { $0.string(change.status.rawValue) }
              object.member("time") { $0.date(change.time.milliseconds) }
            }
          }
        }
      }
      object.member("title") { $0.string(book.title) }
      object.member("updated") { $0.date(book.dateUpdated.milliseconds) }
    }
  }
}

extension SourceBase {
  /// `{"columns": {...}, "fields": {...}}`, keys sorted: the stored JSON as it is.
  public func write(to json: inout JSONWriter) {
    json.object { object in
      object.member("columns") { $0.raw(columnsJSON) }
      object.member("fields") { $0.raw(fieldsJSON) }
    }
  }
}

extension BookDetails {
  /// The details as compact JSON with sorted keys; absent values are left out.
  public func write(to json: inout JSONWriter) {
    json.object { object in
      if let authorSort { object.member("authorSort") { $0.string(authorSort) } }
      if let binding { object.member("binding") { $0.string(binding) } }
      if !contributors.isEmpty {
        object.member("contributors") { $0.array(contributors) { $0.string($1) } }
      }
      if dateAddedUnknown { object.member("dateAddedUnknown") { $0.raw("true") } }
      if let editionYear { object.member("editionYear") { $0.integer(editionYear) } }
      if !identifiers.isEmpty {
        object.member("identifiers") { $0.array(identifiers) { $0.string($1) } }
      }
      if !moods.isEmpty { object.member("moods") { $0.array(moods) { $0.string($1) } } }
      if let ownedCopies { object.member("ownedCopies") { $0.integer(ownedCopies) } }
      if let pace { object.member("pace") { $0.string(pace) } }
      if let privateNotes { object.member("privateNotes") { $0.string(privateNotes) } }
      if let publicationYear { object.member("publicationYear") { $0.integer(publicationYear) } }
      if let publisher { object.member("publisher") { $0.string(publisher) } }
      if let rating { object.member("rating") { $0.number(rating) } }
      if let readCount { object.member("readCount") { $0.integer(readCount) } }
      object.member("readings") {
        $0.array(readings) { json, reading in
          json.object { object in
            if reading.abandoned { object.member("abandoned") { $0.raw("true") } }
            if let end = reading.end { object.member("end") { $0.string(end.description) } }
            if let start = reading.start { object.member("start") { $0.string(start.description) } }
          }
        }
      }
      if let review { object.member("review") { $0.string(review) } }
      if !series.isEmpty {
        object.member("series") {
          $0.array(series) { json, place in
            json.object { object in
              object.member("name") { $0.string(place.name) }
              if let position = place.position {
                object.member("position") { $0.string(position.description) }
              }
            }
          }
        }
      }
      object.member("sourceIDs") { json in
        json.object { object in
          for (source, id) in sourceIDs.sorted(by: { $0.key < $1.key }) {
            object.member(source) { $0.string(id) }
          }
        }
      }
      if spoiler { object.member("spoiler") { $0.raw("true") } }
      object.member("tags") { $0.array(tags) { $0.string($1) } }
      if let upNext { object.member("upNext") { $0.string(upNext) } }
      if let warningNote { object.member("warningNote") { $0.string(warningNote) } }
      if !warnings.isEmpty {
        object.member("warnings") { $0.array(warnings) { $0.string($1) } }
      }
      if let work { object.member("work") { $0.string(work) } }
    }
  }
}

extension Highlight {
  /// `{"color", "device", "id", "kind", "location", "note", "page", "position", "text",
  /// "time"}`, keys sorted, absent values left out.
  public func write(to json: inout JSONWriter) {
    json.object { object in
      if let color { object.member("color") { $0.string(color) } }
      if let device { object.member("device") { $0.string(device) } }
      object.member("id") { $0.string(id.uuidString) }
      object.member("kind") { $0.string(kind.rawValue) }
      if let location { object.member("location") { $0.string(location) } }
      if let note { object.member("note") { $0.string(note) } }
      if let page { object.member("page") { $0.integer(page) } }
      if let position { object.member("position") { $0.number(position) } }
      object.member("text") { $0.string(text) }
      object.member("time") { $0.date(time.milliseconds) }
    }
  }
}

extension ReadingSession {
  /// `{"device", "endPosition", "firstPage", "id", "lastPage", "pages", "seconds", "start",
  /// "startPosition"}`, keys sorted, absent values left out.
  public func write(to json: inout JSONWriter) {
    json.object { object in
      if let device { object.member("device") { $0.string(device) } }
      if let endPosition { object.member("endPosition") { $0.number(endPosition) } }
      if let firstPage { object.member("firstPage") { $0.integer(firstPage) } }
      object.member("id") { $0.string(id.uuidString) }
      if let lastPage { object.member("lastPage") { $0.integer(lastPage) } }
      if let pages { object.member("pages") { $0.integer(pages) } }
      object.member("seconds") { $0.integer(seconds) }
      object.member("start") { $0.date(start.milliseconds) }
      if let startPosition { object.member("startPosition") { $0.number(startPosition) } }
    }
  }
}

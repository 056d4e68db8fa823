import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Open Library's edition and author records, through ``FetchHelper``. The base URL is
/// `BOOKCLUB_OPENLIBRARY_URL` when set (tests point it at a local server).
struct OpenLibraryClient: Sendable {
  let fetch: FetchHelper

  init(environment: [String: String]) {
    fetch = FetchHelper(environment: environment)
  }

  private var base: String {
    let configured = fetch.environment["BOOKCLUB_OPENLIBRARY_URL"] ?? ""
    let base = configured.isEmpty ? "https://openlibrary.org" : configured
    return base.hasSuffix("/") ? String(base.dropLast()) : base
  }

  /// What Open Library knows of `isbn`, with its authors' names; `nil` when it does not
  /// know the ISBN.
  ///
  /// - Throws: ``FetchError``, or ``LookupError`` for an answer that cannot be used.
  func book(_ isbn: ISBN) throws -> OpenLibraryBook? {
    // The whole lookup, edition and authors, within the one wait README promises.
    var fetch = self.fetch
    fetch.deadline = .now + .seconds(fetch.timeout)
    let response = try fetch.get("\(base)/isbn/\(isbn.isbn13).json")
    switch response.status {
    case 200: break
    case 404: return nil
    case 429, 503: throw LookupError.busy(retryAfter: response.retryAfter)
    default: throw LookupError.status(response.status)
    }
    var book: OpenLibraryBook
    do {
      book = try OpenLibraryBook(edition: response.body, isbn: isbn)
    } catch {
      throw LookupError.garbage
    }
    for key in book.authorKeys {
      guard let author = try? fetch.get("\(base)\(key).json"), author.status == 200,
        let name = OpenLibraryBook.authorName(author.body)
      else { continue }
      book.authors.append(name)
    }
    return book
  }
}

/// Why a lookup could not be used.
enum LookupError: Error, LocalizedError, Equatable {
  /// Open Library asked to wait (429 or 503).
  case busy(retryAfter: String?)
  /// Another status than found or not found.
  case status(Int)
  /// The answer was not a record.
  case garbage
  /// The ISBN is not one Open Library knows.
  case unknown(String)
  /// A cover that is not a JPEG or PNG this bookclub can draw.
  case notAnImage

  var errorDescription: String? {
    switch self {
    case .busy(let after):
      "Open Library is busy; try again "
        + (after.flatMap { RetryAfter.seconds($0) }.map(RetryAfter.phrase) ?? "later") + "."
    case .status(let code): "Open Library answered with status \(code). Try again later."
    case .garbage: "Open Library's answer was not a book record; nothing was used."
    case .notAnImage:
      "The cover Open Library sent is not an image bookclub can draw; nothing was kept."
    case .unknown(let isbn):
      "Open Library does not know ISBN \(isbn). Add the book with its title: bookclub add <title> --author <name> --isbn \(isbn)"
    }
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// As the archive writes a session (``ReadingSession/write(to:)``): absent values left out.
extension ReadingSession: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, start, seconds, startPosition, endPosition, firstPage, lastPage, pages, device
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(UUID.self, forKey: .id),
      start: try container.decode(Date.self, forKey: .start),
      seconds: try container.decode(Int.self, forKey: .seconds),
      startPosition: try container.decodeIfPresent(Double.self, forKey: .startPosition),
      endPosition: try container.decodeIfPresent(Double.self, forKey: .endPosition),
      firstPage: try container.decodeIfPresent(Int.self, forKey: .firstPage),
      lastPage: try container.decodeIfPresent(Int.self, forKey: .lastPage),
      pages: try container.decodeIfPresent(Int.self, forKey: .pages),
      device: try container.decodeIfPresent(String.self, forKey: .device))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(start, forKey: .start)
    try container.encode(seconds, forKey: .seconds)
    try container.encodeIfPresent(startPosition, forKey: .startPosition)
    try container.encodeIfPresent(endPosition, forKey: .endPosition)
    try container.encodeIfPresent(firstPage, forKey: .firstPage)
    try container.encodeIfPresent(lastPage, forKey: .lastPage)
    try container.encodeIfPresent(pages, forKey: .pages)
    try container.encodeIfPresent(device, forKey: .device)
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// As the archive writes a highlight (``Highlight/write(to:)``): absent values left out.
extension Highlight: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, kind, text, note, position, page, location, time, color, device
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(UUID.self, forKey: .id),
      kind: Kind(rawValue: try container.decode(String.self, forKey: .kind)) ?? .highlight,
      text: try container.decode(String.self, forKey: .text),
      note: try container.decodeIfPresent(String.self, forKey: .note),
      position: try container.decodeIfPresent(Double.self, forKey: .position),
      page: try container.decodeIfPresent(Int.self, forKey: .page),
      location: try container.decodeIfPresent(String.self, forKey: .location),
      time: try container.decode(Date.self, forKey: .time),
      color: try container.decodeIfPresent(String.self, forKey: .color),
      device: try container.decodeIfPresent(String.self, forKey: .device))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(kind.rawValue, forKey: .kind)
    try container.encode(text, forKey: .text)
    try container.encodeIfPresent(note, forKey: .note)
    try container.encodeIfPresent(position, forKey: .position)
    try container.encodeIfPresent(page, forKey: .page)
    try container.encodeIfPresent(location, forKey: .location)
    try container.encode(time, forKey: .time)
    try container.encodeIfPresent(color, forKey: .color)
    try container.encodeIfPresent(device, forKey: .device)
  }
}

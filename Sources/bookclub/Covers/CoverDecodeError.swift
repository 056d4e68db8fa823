#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a cover's image could not be decoded to be shown.
enum CoverDecodeError: Error, LocalizedError, Equatable {
  /// More pixels than ``CoverDecoding/maxPixels`` at any scale it can be decoded at.
  case tooLarge(width: Int, height: Int)
  /// Decoding took longer than ``CoverDecoding/timeLimit``.
  case tooSlow
  /// Its book left the screen.
  case cancelled
  /// Not a JPEG or PNG that bookclub reads, or a damaged one.
  case undecodable

  var errorDescription: String? {
    switch self {
    case .tooLarge(let width, let height):
      "The cover is too large to decode: \(width) × \(height) pixels, more than the "
        + "\(CoverDecoding.maxPixels >> 20) megapixels a cover may have."
    case .tooSlow:
      "The cover is too slow to decode: it took more than "
        + "\(CoverDecoding.timeLimit.components.seconds) seconds."
    case .cancelled: "The cover was no longer wanted."
    case .undecodable: "The cover is not a JPEG or PNG image bookclub can decode."
    }
  }

  /// Whether it is a limit that stopped the decode (worth saying), rather than a damaged
  /// file or a decode no longer wanted.
  var isLimit: Bool {
    switch self {
    case .tooLarge, .tooSlow: true
    case .cancelled, .undecodable: false
    }
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension UUID {
  /// An id made from what names a thing rather than drawn at random, the same on every
  /// machine and in every run: what a device's highlight is known by, so that reading the
  /// device again finds it instead of adding it twice.
  ///
  /// FNV-1a, 128 bits, over the parts (each ended by a 0 byte, so `ab`+`c` is not `a`+`bc`),
  /// with the version nibble of a custom UUID (8) and the RFC variant.
  ///
  /// - Parameter parts: What names the thing, most general first.
  public init(stableFrom parts: [String]) {
    var hash: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
    let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013b
    for part in parts {
      for byte in part.utf8 {
        hash = (hash ^ UInt128(byte)) &* prime
      }
      hash = (hash ^ 0) &* prime
    }
    var bytes = (0..<16).map { UInt8(truncatingIfNeeded: hash >> (8 * (15 - $0))) }
    bytes[6] = bytes[6] & 0x0F | 0x80
    bytes[8] = bytes[8] & 0x3F | 0x80
    self.init(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}

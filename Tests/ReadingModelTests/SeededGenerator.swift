/// SplitMix64: a small, fast generator whose sequences are the same on every machine, so a
/// failing random test can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension Event {
  /// A random event; pages overlap earlier ones now and then, to exercise de-duplication.
  static func random(using generator: inout SeededGenerator) -> Event {
    switch Int.random(in: 0..<5, using: &generator) {
    case 0: return .startLoading
    case 1: return .startPaging
    case 2:
      let start = Int.random(in: 0..<40, using: &generator)
      let count = Int.random(in: 0..<6, using: &generator)
      return .ok((start..<start + count).map(Item.init))
    case 3: return .error(TestError(tag: Int.random(in: 0..<3, using: &generator)))
    default: return .cancel
    }
  }
}

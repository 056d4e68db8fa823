import TestSupport

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

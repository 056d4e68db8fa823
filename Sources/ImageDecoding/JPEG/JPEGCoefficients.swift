/// One component's coefficients, every block's kept for the whole image so progressive
/// scans can add to them: 64 a block in zigzag order, or only the DC one when the image
/// is decoded at 1/8 of its size (each block then becomes one pixel). One allocation, written
/// in place by the scans (a value type here would be copied whole by a careless write).
final class JPEGCoefficients {
  let blocks: Int
  /// Coefficients kept of each block: 64, or 1 (the DC one).
  let perBlock: Int
  private let storage: UnsafeMutablePointer<Int16>

  init(blocks: Int, perBlock: Int) {
    self.blocks = blocks
    self.perBlock = perBlock
    storage = .allocate(capacity: max(1, blocks * perBlock))
    storage.initialize(repeating: 0, count: max(1, blocks * perBlock))
  }

  deinit {
    storage.deallocate()
  }

  /// Block `index`'s coefficients: `perBlock` of them. The scans compute `index` from
  /// positions inside the component's blocks, and positions inside a block from checked
  /// run lengths, so every pointer stays in the allocation.
  @inline(__always)
  func block(_ index: Int) -> UnsafeMutablePointer<Int16> {
    storage + index * perBlock
  }
}

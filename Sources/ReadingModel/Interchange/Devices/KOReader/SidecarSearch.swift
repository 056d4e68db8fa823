/// Finds KOReader's sidecars under a device's folder: each `<book>.sdr` folder's
/// `metadata.<ext>.lua` (its `.old` copy when there is no other). Folders are opened one
/// name at a time without following a symbolic link, so a link on the device cannot lead
/// the search elsewhere; the search stops at a depth and a count no device reaches.
enum SidecarSearch {
  /// Folders deeper than this are not searched.
  static let deepest = 10
  /// At most this many folders are opened.
  static let mostFolders = 20_000

  /// The sidecars under `path`, in name order; `path` itself may be a `.sdr` folder.
  static func sidecars(in path: String) -> [String] {
    guard let root = try? DirectoryHandle(path: path) else { return [] }
    var found: [String] = []
    var opened = 0
    search(root, depth: 0, opened: &opened, found: &found)
    return found
  }

  private static func search(
    _ folder: DirectoryHandle, depth: Int, opened: inout Int, found: inout [String]
  ) {
    if folder.path.hasSuffix(".sdr") {
      if let sidecar = sidecar(in: folder) { found.append(sidecar) }
      return
    }
    guard depth < deepest else { return }
    for name in folder.entries().sorted() where !skipped.contains(name) {
      guard opened < mostFolders, let child = try? folder.folder(name) else { continue }
      opened += 1
      search(child, depth: depth + 1, opened: &opened, found: &found)
    }
  }

  /// Folders of a device that hold no sidecars and many files.
  private static let skipped: Set<String> = [
    ".kobo", ".kobo-images", "System Volume Information", ".Trashes", ".Spotlight-V100",
    ".fseventsd", "system", ".git",
  ]

  /// The sidecar of a `.sdr` folder.
  private static func sidecar(in folder: DirectoryHandle) -> String? {
    let names = folder.entries().filter { $0.hasPrefix("metadata.") }.sorted()
    let current = names.first { $0.hasSuffix(".lua") }
    guard let name = current ?? names.first(where: { $0.hasSuffix(".lua.old") }) else {
      return nil
    }
    return folder.path + "/" + name
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension DeviceFileError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .notADevice(let path):
      "Found no e-reader's files in \(path): looked for a Kindle's documents/My Clippings.txt, "
        + "a Kobo's .kobo/KoboReader.sqlite, KOReader's statistics.sqlite3 and its .sdr "
        + "folders. Give the folder the device is mounted at, or one of its files."
    case .unknownFile(let path):
      "\(path) is not a file bookclub reads off an e-reader: give a Kindle's My Clippings.txt, "
        + "a Kobo's KoboReader.sqlite, KOReader's statistics.sqlite3 or a sidecar's "
        + "metadata.<ext>.lua, or the folder the device is mounted at."
    case .tooLarge(let path, let bytes):
      "\(path) holds \(bytes / 1_048_576) MiB; a device's file this large is not one bookclub "
        + "reads (the most is \(DeviceFiles.largestFile / 1_048_576) MiB)."
    case .unreadable(let error): error.errorDescription
    case .damaged(let path, let reason):
      "\(path) cannot be read as an e-reader's file: \(reason). Nothing was changed; "
        + "if the device is still writing it, eject it properly and try again."
    }
  }
}

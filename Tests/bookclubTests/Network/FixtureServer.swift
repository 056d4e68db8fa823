import Foundation

/// `openlibrary_server.py` running for one test: started on a free port, stopped when the
/// test lets go of it.
final class FixtureServer {
  static let isAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

  let process = Process()
  let port: Int

  init() throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("openlibrary_server.py")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = output.fileHandleForReading.availableLine()
    guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      process.terminate()
      throw CocoaError(.fileReadUnknown)
    }
    self.port = port
  }

  var url: String { "http://127.0.0.1:\(port)" }

  deinit { process.terminate() }
}

extension FileHandle {
  /// Reads up to the first newline.
  fileprivate func availableLine() -> String {
    var bytes: [UInt8] = []
    while true {
      let data = readData(ofLength: 1)
      guard let byte = data.first, byte != 0x0A else { break }
      bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

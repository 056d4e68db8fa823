// Times decoding one image: `decode-bench <file> [runs] [full|cover]`, printing the median
// wall time of `runs` decodes in milliseconds and what came out. Built by bench/decode.sh
// from Sources/ImageDecoding in one module with this file, so it also builds against an
// older checkout's decoder (`full` only: the plain `RGBImage.decode`).
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
  FileHandle.standardError.write(Data("usage: decode-bench <file> [runs] [full|cover]\n".utf8))
  exit(64)
}
let bytes = [UInt8](data)
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let mode = arguments.count > 3 ? arguments[3] : "full"

func decodeOnce() -> String {
  do {
    #if COVER_OPTIONS
      if mode == "cover" {
        let options = DecodeOptions(
          minimumWidth: 160, maxPixels: 4 << 20, timeLimit: .seconds(2))
        let image = try RGBImage.decode(bytes, options: options)
        return "\(image.width)×\(image.height)"
      }
    #endif
    let image = try RGBImage.decode(bytes)
    return "\(image.width)×\(image.height)"
  } catch {
    return "\(error)"
  }
}

var times: [Double] = []
var outcome = ""
for _ in 0..<runs {
  let start = DispatchTime.now().uptimeNanoseconds
  outcome = decodeOnce()
  times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
times.sort()
print(String(format: "%.1f ms  %@", times[times.count / 2], outcome))

// A floor for bookclub's benchmarks: Foundation started and really used (a formatted date,
// which loads ICU), as a program that imports Foundation for everything would.
import Foundation

let formatter = DateFormatter()
formatter.dateStyle = .medium
print("hello from Foundation, \(formatter.string(from: Date()))")

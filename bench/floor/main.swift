// The floor for bookclub's benchmarks: the cheapest Swift program that starts Foundation and
// prints one line.
import Foundation

print("hello from Foundation")

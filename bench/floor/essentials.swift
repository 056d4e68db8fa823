// A floor for bookclub's benchmarks: FoundationEssentials started and used (a date and a
// UUID), without the rest of Foundation or ICU.
import FoundationEssentials

print("hello at \(Date().timeIntervalSince1970) \(UUID())")

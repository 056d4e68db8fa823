// A floor for bookclub's benchmarks: a Swift program with no Foundation at all.
print("hello")

import TestSupport

/// The tests start processes with `posix_spawn` (``SpawnedProcess``), never Foundation's
/// `Process`, whose `run()` can crash the test run on Linux (see ``SpawnedProcess``).
typealias Process = SpawnedProcess

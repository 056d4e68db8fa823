import Testing

@testable import ReadingModel

/// A device of the sync tests: `library` syncing through `folder` as `name`, and the run
/// that syncs it (no transport: the folder is shared).
@MainActor
func syncingDevice(_ name: String, _ library: SQLiteLibrary, folder: SyncFolder) async throws
  -> (SyncSetup, SyncRun)
{
  let setup = SyncSetup(
    device: try #require(SyncDeviceID(name)), name: name, folder: folder.path, usesGit: false)
  try await library.startSyncing(setup, libraryID: folder.library)
  return (setup, SyncRun(library: library, writer: LibraryWriter(library: library), folder: folder))
}

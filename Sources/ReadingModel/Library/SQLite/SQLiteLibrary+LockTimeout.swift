extension SQLiteLibrary {
  /// How long a write waits for another process's hold on the library before it fails: a
  /// write in flight has ended, one way or the other, about this long after it started.
  public static var lockTimeout: Duration {
    .milliseconds(Int(SQLiteConnection.busyAttempts) * 10)
  }
}

/// Thrown by a command that ends with a status of its own and has nothing more to say: a
/// full-screen program ended by a signal exits as the signal would have, once its work is
/// saved and the terminal is back.
struct CommandEnding: Error {
  let status: ExitCode
}

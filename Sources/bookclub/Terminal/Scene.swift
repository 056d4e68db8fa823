#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which terminal session this is, so each keeps its own selection (seed 004's
/// `@SceneStorage`): `BOOKCLUB_SCENE` when set, else the terminal's device name, else
/// `default`.
enum Scene {
  static func current(environment: [String: String]) -> String {
    if let scene = environment["BOOKCLUB_SCENE"], !scene.isEmpty { return scene }
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where isatty(descriptor) == 1 {
      if let name = ttyname(descriptor) { return String(cString: name) }
    }
    return "default"
  }
}

// bookclub-fetch: the one program of bookclub that speaks HTTPS. bookclub is one static
// file with no networking in it (README, "Install"); for Open Library it runs this helper,
// which URLSession and the system's libcurl build. It fetches one URL into a file and
// prints one JSON line saying what came back; nothing else reads or writes.
//
//   bookclub-fetch <url> --output <file> [--max-bytes N] [--timeout SECONDS]
//                  [--user-agent TEXT] [--etag TAG] [--last-modified DATE] [--lifeline FD]
//                  [--post-file BODY.json] [--authorization-file FILE]
//
// Exit 0 when a response came (whatever its status), 1 when none did, 64 on a usage error.
// It ends by the timeout whatever the server does, stops reading at the size limit, and
// ends when SIGINT, SIGTERM or SIGHUP comes or the lifeline (a pipe from bookclub) closes:
// the output file is removed on each of those ways out, and kept only with a whole body.

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let request = FetchRequest.parse(Array(CommandLine.arguments.dropFirst()))
let output = open(request.output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
guard output >= 0 else {
  let reason = String(cString: strerror(errno))
  FileHandle.standardOutput.write(Data("{\"error\":\"output\",\"message\":\"\(reason)\"}\n".utf8))
  exit(1)
}
Ending.removeOnEveryExit(request.output)
if let lifeline = request.lifeline { Ending.endWhenClosed(lifeline) }
let outcome = FetchSession(request, output: output).run()
FetchSession.end(outcome, output: output, path: request.output)

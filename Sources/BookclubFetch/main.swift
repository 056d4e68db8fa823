// bookclub-fetch: the one program of bookclub that speaks HTTPS. bookclub is one static
// file with no networking in it (README, "Install"); for Open Library it runs this helper,
// which URLSession and the system's libcurl build. It fetches one URL into a file and
// prints one JSON line saying what came back; nothing else reads or writes.
//
//   bookclub-fetch <url> --output <file> [--max-bytes N] [--timeout SECONDS]
//                  [--user-agent TEXT] [--etag TAG] [--last-modified DATE]
//
// Exit 0 when a response came (whatever its status), 1 when none did, 64 on a usage error.

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let request = FetchRequest.parse(Array(CommandLine.arguments.dropFirst()))
let outcome = FetchSession(request).run()
FileHandle.standardOutput.write(Data((outcome.json + "\n").utf8))
exit(outcome.exitStatus)

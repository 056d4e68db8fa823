#!/usr/bin/env python3
"""Start-up before and after a change: `list` and `show` of the binary README installs, at
one revision and at the working tree, interleaved in one run, written to bench/STARTUP.md.

Usage: bench/startup --before REVISION [--books 1000] [--runs 21]
"""
import argparse
import datetime
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the revision to compare with")
    parser.add_argument("--books", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--output", default=os.path.join(suite.BENCH, "STARTUP.md"))
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="bookclub-startup-")
    try:
        tools = suite.build(work)
        before = os.path.join(work, "before")
        suite.run(["git", "clone", "--quiet", suite.ROOT, before])
        suite.run(["git", "checkout", "--quiet", args.before], cwd=before)
        suite.run(suite.INSTALL, cwd=before, stdout=subprocess.DEVNULL)
        folder = suite.run(suite.INSTALL + ["--show-bin-path"], cwd=before, capture_output=True,
                           text=True).stdout.strip()
        old = os.path.join(folder, "bookclub")
        library = os.path.join(work, "library.sqlite")
        suite.make_library(tools["bookclub"], library, args.books, args.books // 10)
        cases = []
        for label, binary in [(f"before ({args.before})", old), ("after (working tree)",
                                                                  tools["bookclub"])]:
            cases += [(f"{label}: list", [binary, "list", "--library", library]),
                      (f"{label}: show 10", [binary, "show", "10", "--library", library])]
        cases.append(("floor: sqlite3 shell, empty query", ["sqlite3", library, "SELECT 1;"]))
        results = suite.measure_group(tools, cases, args.runs)
        size = {label: os.path.getsize(binary) for label, binary in [("before", old),
                                                                     ("after", tools["bookclub"])]}
        lines = ["# Start-up before and after", "",
                 f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
                 f"{suite.machine()}.", "",
                 f"`bench/startup {' '.join(sys.argv[1:])}`: median of {args.runs} runs, "
                 f"interleaved, on a library of {args.books:,} books; each binary built as "
                 f"README installs it (before: {size['before'] / 2**20:.1f} MiB, after: "
                 f"{size['after'] / 2**20:.1f} MiB).", "",
                 "| command | median ms | peak MiB |", "| --- | ---: | ---: |"]
        for name, (ms, mib) in results.items():
            lines.append(f"| {name} | {ms:.2f} | {mib:.1f} |")
        suite.report(args.output, lines)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

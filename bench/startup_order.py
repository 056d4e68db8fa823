#!/usr/bin/env python3
"""Writes Sources/bookclub/Linking/startup.order: every function the everyday commands run,
as callgrind sees them run in the binary README installs, for the linker to lay out
together (see Package.swift). Run it again when the code has moved a lot: a name that is
gone is skipped by the linker, a new one is placed after the list.

Usage: bench/startup-order [--books 1000]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402

ORDER = os.path.join(suite.ROOT, "Sources", "bookclub", "Linking", "startup.order")
# A function named in callgrind's output (its first mention, with the number it goes by).
ORDER_LINE = re.compile(r"c?fn=\(\d+\) (.+)")
# What people run most, and what the benchmarks time.
COMMANDS = [
    ["list"], ["list", "--sort", "title"], ["list", "--status", "reading"],
    ["list", "--search", "author"], ["list", "--tag", "poetry"], ["list", "--json"],
    ["show", "10"], ["progress", "show", "10"], ["status"],
    ["progress", "set", "20", "+1", "--no-reread"], ["stats", "--year", "2010", "--json"],
    ["goal", "2010", "--json"],
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--books", type=int, default=1000)
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("startup-order needs valgrind (apt-get install valgrind)")
    work = tempfile.mkdtemp(prefix="bookclub-order-")
    try:
        tools = suite.build(work)
        library = os.path.join(work, "library.sqlite")
        suite.make_library(tools["bookclub"], library, args.books, args.books // 10)
        uses = {}  # name: the numbers of the commands that run it
        for number, command in enumerate(COMMANDS):
            out = os.path.join(work, f"callgrind.{number}")
            subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no",
                            f"--callgrind-out-file={out}", tools["bookclub"]] + command
                           + ["--library", library], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=True)
            with open(out) as file:
                names = {found.group(1) for found in map(ORDER_LINE.match, file)
                         if found and not found.group(1).startswith("0x")}
            for name in names:
                uses.setdefault(name, []).append(number)
        # What every command runs first, then what fewer do; among those, the functions the
        # same commands run side by side, so that each command's code stays close.
        names = sorted(uses, key=lambda name: (-len(uses[name]), uses[name], name))
        with open(ORDER, "w") as file:
            file.write("".join(name + "\n" for name in names))
        print(f"{len(names)} functions from {len(COMMANDS)} commands: {ORDER}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

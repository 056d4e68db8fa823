#!/usr/bin/env python3
"""Sync between devices (issue 27), written to bench/SYNC.md.

A library of N books (the rows `bench/run` makes, with entries and ratings) synced from one
home to another through a plain folder: the time for a new device to join (a usable library
at the end) against importing the same library's bookclub archive into an empty library;
the time of a `sync` that applies one change another device made, against the sqlite3
shell's empty query and against `progress set`; the journal's bytes per change.

Usage: bench/sync [--books 10000] [--runs 5] [--binary <bookclub>]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402


def home(root, name):
    path = os.path.join(root, name)
    os.makedirs(path, exist_ok=True)
    return {**os.environ, "HOME": path, "XDG_DATA_HOME": path + "/data",
            "XDG_CONFIG_HOME": path + "/config", "XDG_STATE_HOME": path + "/state",
            "BOOKCLUB_LIBRARY": path + "/library.sqlite"}


def timed(command, env, **options):
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, **options)
    return (time.perf_counter() - start) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--books", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--output", default=os.path.join(suite.BENCH, "SYNC.md"))
    parser.add_argument("--binary", help="a bookclub binary to time (default: build README's)")
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="bookclub-sync-bench-")
    try:
        bookclub = options.binary or suite.build(work)["bookclub"]
        first = home(work, "first")
        suite.make_library(bookclub, first["BOOKCLUB_LIBRARY"], options.books, options.books // 10)
        archive = os.path.join(work, "archive.json")
        subprocess.run([bookclub, "export", "--output", archive], env=first, check=True,
                       stderr=subprocess.DEVNULL)
        folder = os.path.join(work, "sync")
        init_ms = timed([bookclub, "sync", "init", folder, "--name", "first"], first)
        journal = [name for name in os.listdir(folder + "/devices")][0]
        journal_bytes = os.path.getsize(os.path.join(folder, "devices", journal))
        with open(os.path.join(folder, "devices", journal), "rb") as file:
            lines = sum(1 for _ in file)
        joins, imports = [], []
        for round in range(options.runs):
            joining = home(work, f"join-{round}")
            joins.append(timed([bookclub, "sync", "join", folder, "--name", f"d{round}"], joining,
                               stderr=subprocess.DEVNULL))
            importing = home(work, f"import-{round}")
            imports.append(timed([bookclub, "import", archive], importing,
                                 stderr=subprocess.DEVNULL))
            if round < options.runs - 1:
                # Only the last joined device stays in the folder's journals.
                os.remove(os.path.join(folder, "devices",
                                       [n for n in os.listdir(folder + "/devices")
                                        if n != journal][0]))
        last = home(work, f"join-{options.runs - 1}")
        syncs, floors, sets = [], [], []
        for round in range(options.runs):
            sets.append(timed([bookclub, "progress", "set", "10", "+1"], first,
                              stderr=subprocess.DEVNULL))
            subprocess.run([bookclub, "sync"], env=first, check=True, stdout=subprocess.DEVNULL)
            syncs.append(timed([bookclub, "sync"], last))
            floors.append(timed(["sqlite3", last["BOOKCLUB_LIBRARY"], "SELECT 1;"], last))
        join = statistics.median(joins)
        imported = statistics.median(imports)
        sync = statistics.median(syncs)
        floor = statistics.median(floors)
        progress = statistics.median(sets)
        report = [
            "# Sync between devices",
            "",
            f"`bench/sync --books {options.books} --runs {options.runs}`, {suite.machine()}.",
            "Medians of the runs; each ratio is against a floor measured in the same run.",
            "",
            "| case | median ms | ratio | target |",
            "| --- | ---: | ---: | ---: |",
            f"| `sync init` of {options.books:,} books (the first journal) | {init_ms:.0f} | | |",
            f"| `sync join` of a new device (× `import` of the same archive) | {join:.0f} | "
            f"{join / imported:.2f} | ≤ 3 |",
            f"| `import` of the archive into an empty library | {imported:.0f} | | |",
            f"| `sync` applying one change of another device (× sqlite3 empty query) | "
            f"{sync:.1f} | {sync / floor:.2f} | |",
            f"| the same (× `progress set`) | {sync:.1f} | {sync / progress:.2f} | ≤ 2 |",
            f"| `progress set` | {progress:.1f} | | |",
            f"| sqlite3 shell, empty query | {floor:.1f} | | |",
            "",
            f"Journal: {journal_bytes:,} bytes for {lines:,} lines, "
            f"{journal_bytes / max(lines, 1):.0f} bytes per change (a book's first line holds "
            "the whole book).",
            "",
        ]
        with open(options.output, "w") as file:
            file.write("\n".join(report))
        print("\n".join(report))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Sync between devices (issue 27), written to bench/SYNC.md.

A library of N books (the rows `bench/run` makes, with entries and ratings) synced from one
home to another through a plain folder: the time for a new device to join (a usable library
at the end) against importing the same library's bookclub archive into an empty library;
the time of a `sync` that applies one change another device made, against the sqlite3
shell's empty query and against `progress set`; the journal's bytes per change.

With `--changes M`, the first device's journal holds M changes before the others join:
after `sync init` (a line a book), rounds of real use until there are M: each round every
book gets a progress entry (a note on one in five; one in seven of those not being read
finished), written by importing the library's own archive with them added (the three-way
merge a reader's own import makes) and sent by `sync`. The archive imported against the
join is taken after the last round, so both hold the same history. Then the first device
runs `sync compact`, and new devices join again, from the snapshot.

Usage: bench/sync [--books 10000] [--changes M] [--runs 5] [--binary <bookclub>]
"""
import json
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


def add_history(bookclub, env, work, folder, books, changes):
    """Rounds of use until the first device's journal holds `changes` lines.

    Returns: the seconds the rounds took."""
    start = time.perf_counter()
    journal = os.path.join(folder, "devices", os.listdir(folder + "/devices")[0])
    archive = os.path.join(work, "round.json")
    lines = books + 1
    round = 0
    while lines < changes:
        subprocess.run([bookclub, "export", "--output", archive], env=env, check=True,
                       stderr=subprocess.DEVNULL)
        with open(archive) as file:
            library = json.load(file)
        round += 1
        for index, book in enumerate(library["books"]):
            entries = book.setdefault("progress", [])
            fraction = min(1.0, round / 12 + (index % 10) / 100)
            entry = {"id": "%08X-%04X-4000-8000-%012X" % (round, index % 65536, index),
                     "progress": fraction,
                     "time": "2025-%02d-%02dT%02d:%02d:00.000Z" % (
                         1 + round % 12, 1 + index % 28, index % 24, index % 60)}
            if index % 5 == 0:
                entry["note"] = f"Round {round}: a thought about chapter {index % 40 + 1}."
            entries.append(entry)
            if index % 7 == round % 7 and book.get("status") != "reading":
                book["status"] = "finished"
        with open(archive, "w") as file:
            json.dump(library, file)
        subprocess.run([bookclub, "import", archive], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run([bookclub, "sync"], env=env, check=True, stdout=subprocess.DEVNULL)
        with open(journal, "rb") as file:
            lines = sum(1 for _ in file)
        print(f"round {round}: {lines:,} lines", file=sys.stderr)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--books", type=int, default=10_000)
    parser.add_argument("--changes", type=int, default=0,
                        help="changes in the journal before the join (default: a line a book)")
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
        folder = os.path.join(work, "sync")
        init_ms = timed([bookclub, "sync", "init", folder, "--name", "first"], first)
        history_s = add_history(bookclub, first, work, folder, options.books, options.changes)
        subprocess.run([bookclub, "export", "--output", archive], env=first, check=True,
                       stderr=subprocess.DEVNULL)
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
        # The same folder compacted (`sync compact` on the first device): a new device takes
        # the snapshot and reads on from where it ends.
        compact_ms = timed([bookclub, "sync", "compact"], first, stderr=subprocess.DEVNULL)
        snapshot_bytes = os.path.getsize(os.path.join(folder, "snapshot.json"))
        compacted = []
        for round in range(options.runs):
            joining = home(work, f"compacted-{round}")
            before = set(os.listdir(folder + "/devices"))
            compacted.append(timed([bookclub, "sync", "join", folder, "--name", f"c{round}"],
                                   joining, stderr=subprocess.DEVNULL))
            for name in set(os.listdir(folder + "/devices")) - before:
                os.remove(os.path.join(folder, "devices", name))
        join_compacted = statistics.median(compacted)
        join = statistics.median(joins)
        imported = statistics.median(imports)
        sync = statistics.median(syncs)
        floor = statistics.median(floors)
        progress = statistics.median(sets)
        report = [
            "# Sync between devices",
            "",
            f"`bench/sync --books {options.books}"
            + (f" --changes {options.changes}" if options.changes else "")
            + f" --runs {options.runs}`, {suite.machine()}.",
            "Medians of the runs; each ratio is against a floor measured in the same run.",
            "",
            "| case | median ms | ratio | target |",
            "| --- | ---: | ---: | ---: |",
            f"| `sync init` of {options.books:,} books (the first journal) | {init_ms:.0f} | | |",
            f"| `sync join` of a new device, {lines:,} changes to replay "
            f"(× `import` of the same archive) | {join:.0f} | "
            f"{join / imported:.2f} | ≤ 3 |",
            f"| `import` of the archive into an empty library | {imported:.0f} | | |",
            f"| `sync compact` (a snapshot of {snapshot_bytes / 1e6:.0f} MB) | {compact_ms:.0f} | | |",
            f"| `sync join` of a new device after `sync compact` (× `import`) | "
            f"{join_compacted:.0f} | {join_compacted / imported:.2f} | ≤ 3 |",
            f"| `sync` applying one change of another device (× sqlite3 empty query) | "
            f"{sync:.1f} | {sync / floor:.2f} | |",
            f"| the same (× `progress set`) | {sync:.1f} | {sync / progress:.2f} | ≤ 2 |",
            f"| `progress set` | {progress:.1f} | | |",
            f"| sqlite3 shell, empty query | {floor:.1f} | | |",
            "",
            f"Journal: {journal_bytes:,} bytes for {lines:,} lines, "
            f"{journal_bytes / max(lines, 1):.0f} bytes per change (a book's first line holds "
            "the whole book"
            + (f"; the {lines - options.books - 1:,} after them, made in rounds that took "
               f"{history_s:.0f} s, a progress entry each, a note on one in five" if options.changes
               else "")
            + ").",
            "",
        ]
        suite.write_report(options.output, report)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

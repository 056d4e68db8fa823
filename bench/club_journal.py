#!/usr/bin/env python3
"""One member's long journal: how long `club status` takes on it and what the library keeps.

Generates a club folder with one member (`Big`) whose journal has EVENTS lines (joined, the
pick, then progress and shared notes on the book in turn, over two months: about 200 bytes
a line, so a million events are about 200 MB), joins it as a second member with a fresh
library (`club join` reads every journal), then runs `club status` three times and prints,
for each command, its time and the library's size afterwards, and at the end how many
shared notes the library stores.

Usage: bench/club_journal.py --bookclub .build/release/bookclub [--events 1000000]
       [--keep FOLDER]   (writes the club there and keeps it; nothing is written to the repo)
"""
import argparse
import datetime
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid

BOOK = {"isbn13": "9780141439549", "title": "Middlemarch", "author": "George Eliot", "pages": 880}
START_MS = 1_780_000_000_000
MEMBER = "00000000-0000-0000-0000-00000000b16b"


def stamp(ms):
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc).strftime(
        "%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


def write_journal(path, events):
    """Writes the journal a line at a time (never the whole file in memory)."""
    step = 60 * 86_400_000 // max(events, 1)
    book = json.dumps(BOOK, separators=(",", ":"))
    with open(path, "w") as out:
        out.write(json.dumps({"member": MEMBER, "seq": 1, "time": stamp(START_MS),
                              "kind": "joined", "name": "Big"}, separators=(",", ":")) + "\n")
        out.write(f'{{"member":"{MEMBER}","seq":2,"time":"{stamp(START_MS + 1)}",'
                  f'"kind":"picked","book":{book}}}\n')
        for seq in range(3, events + 1):
            fraction = round(seq / events, 6)
            head = f'{{"member":"{MEMBER}","seq":{seq},"time":"{stamp(START_MS + seq * step)}",'
            if seq % 2:
                out.write(head + f'"kind":"note","book":{book},"text":"A thought at line {seq} '
                          f'about Dorothea and Lydgate.","fraction":{fraction}}}\n')
            else:
                out.write(head + f'"kind":"progress","book":{book},"fraction":{fraction},'
                          f'"page":{int(fraction * 880)}}}\n')


def make_club(folder, events):
    os.makedirs(os.path.join(folder, "members"))
    with open(os.path.join(folder, "club.json"), "w") as out:
        json.dump({"format": 1, "id": str(uuid.uuid4()), "name": "Bench"}, out)
    write_journal(os.path.join(folder, "members", MEMBER + ".jsonl"), events)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bookclub", required=True)
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--keep")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="bookclub-journal-bench-")
    try:
        folder = args.keep or os.path.join(work, "club")
        if not os.path.exists(os.path.join(folder, "club.json")):
            make_club(folder, args.events)
        journal = os.path.join(folder, "members", MEMBER + ".jsonl")
        print(f"journal: {args.events:,} events, {os.path.getsize(journal) / 2**20:.0f} MiB")
        home = os.path.join(work, "home")
        environment = dict(os.environ, HOME=home, XDG_DATA_HOME=home + "/data",
                           XDG_CONFIG_HOME=home + "/config", XDG_STATE_HOME=home + "/state")
        library = os.path.join(home, "data", "bookclub", "library.sqlite")
        commands = [["club", "join", folder, "--as", "Reader"]] + [["club", "status"]] * 3
        for command in commands:
            start = time.perf_counter()
            result = subprocess.run([args.bookclub] + command, env=environment,
                                    capture_output=True, text=True)
            elapsed = time.perf_counter() - start
            if result.returncode != 0:
                sys.exit(f"failed: {' '.join(command)}\n{result.stderr}")
            size = sum(os.path.getsize(library + suffix) for suffix in ("", "-wal")
                       if os.path.exists(library + suffix))
            print(f"{' '.join(command[:2]):12} {elapsed:7.2f} s   library {size / 2**20:7.2f} MiB")
        with sqlite3.connect(library) as connection:
            notes = connection.execute("SELECT count(*) FROM club_notes").fetchone()[0]
        print(f"shared notes stored: {notes:,}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

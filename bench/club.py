#!/usr/bin/env python3
"""A big club: `club status` on its first read and after one new event, written to
bench/CLUB.md.

Generates a club folder of MEMBERS journals of EVENTS lines each (joined, the pick,
progress through the book over two months, a note every 50 events), joins it with a
fresh library (`club join` reads every journal: the first read), runs `club status`
(nothing new), appends one progress line to one journal and runs `club status` again:
only the new bytes are read. Floors in the same run: `cat` of every journal to /dev/null
(reading the bytes at all), the sqlite3 shell's empty query (a process that opens a
file) and the sqlite3 shell running the queries `club status` needs on the same library
(the pick, every member's standing, every member's pace start): the same work, less the
journals' stamps and bookclub's own folding and printing. Each `club status` is timed
--status-runs times a run, interleaved with its floors, each process alone (`launch.c`).

Usage: bench/club [--members 1000] [--events 10000] [--runs 3] [--status-runs 11]
"""
import argparse
import datetime
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402

BOOK = {"isbn13": "9780141439549", "title": "Middlemarch", "author": "George Eliot", "pages": 880}
START_MS = 1_780_000_000_000


def stamp(ms):
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc).strftime(
        "%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


def make_club(folder, members, events):
    os.makedirs(os.path.join(folder, "members"))
    with open(os.path.join(folder, "club.json"), "w") as out:
        json.dump({"format": 1, "id": str(uuid.uuid4()), "name": "Bench"}, out)
    ids = [str(uuid.UUID(int=index + 1)) for index in range(members)]
    step = 60 * 86_400_000 // events
    for number, member in enumerate(ids):
        with open(os.path.join(folder, "members", member + ".jsonl"), "w") as out:
            lines = [{"member": member, "seq": 1, "time": stamp(START_MS + number),
                      "kind": "joined", "name": f"Reader {number}"}]
            if number == 0:
                lines.append({"member": member, "seq": 2, "time": stamp(START_MS + 1000),
                              "kind": "picked", "book": BOOK})
            for seq in range(len(lines) + 1, events + 1):
                fraction = round(seq / events, 4)
                line = {"member": member, "seq": seq, "time": stamp(START_MS + seq * step + number),
                        "book": BOOK}
                if seq % 50 == 0:
                    line.update(kind="note", text=f"note {seq}", fraction=fraction)
                else:
                    line.update(kind="progress", fraction=fraction, page=int(fraction * 880))
                lines.append(line)
            out.write("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines))
    return ids


# What `club status` reads of the library (ClubStandingTables.standingEvents): the latest
# pick, every member's standing rows, and each member's first progress in the 14-day window
# of their latest, found along club_pace's key as status finds it.
STATUS_SQL = """
SELECT line FROM club_standing WHERE club_id = '{club}' AND kind = 'picked'
  ORDER BY time_ms DESC, member_id DESC, seq DESC LIMIT 1;
SELECT member_id, seq, time_ms, kind, book_key, fraction, page, rating, text,
  CASE kind WHEN 'joined' THEN line END
  FROM club_standing WHERE club_id = '{club}' AND kind <> 'picked';
SELECT s.member_id, (SELECT p.time_ms FROM club_pace p WHERE p.club_id = s.club_id
    AND p.member_id = s.member_id AND p.book_key = s.book_key
    AND p.hour >= (s.time_ms - 1209600000) / 3600000 AND p.time_ms >= s.time_ms - 1209600000
    ORDER BY p.hour LIMIT 1)
  FROM club_standing s WHERE s.club_id = '{club}' AND s.kind = 'progress'
    AND s.slot = 'progress:' || s.book_key;
"""


def launched(tools, command, environment):
    """One process alone (`launch.c`): its wall milliseconds."""
    result = subprocess.run([tools["launch"]] + command, env=environment, capture_output=True,
                            text=True)
    ms, _, status = result.stdout.split()
    if status != "0":
        sys.exit(f"failed ({status}): {' '.join(command)}")
    return int(ms) / 1e6


def status_rounds(tools, bookclub, library, club, environment, rounds, before_each=None):
    """`club status` and its two floors, one after another, `rounds` times after a warm-up
    round: each one's times."""
    script = os.path.join(os.path.dirname(library), "status.sql")
    with open(script, "w") as out:
        out.write(STATUS_SQL.format(club=club))
    cases = {"status": [bookclub, "club", "status"],
             "queries": ["sqlite3", library, f".read {script}"],
             "empty": ["sqlite3", os.path.join(os.path.dirname(library), "empty.sqlite"),
                       "SELECT 1;"]}
    times = {name: [] for name in cases}
    for round_index in range(rounds + 1):
        if before_each:
            before_each(round_index)
        for name, command in cases.items():
            ms = launched(tools, command, environment)
            if round_index > 0:
                times[name].append(ms)
    return times


def timed(tools, command, environment):
    start = time.perf_counter()
    result = subprocess.run(command, env=environment, capture_output=True, text=True)
    elapsed = (time.perf_counter() - start) * 1000
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stderr}")
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=1000)
    parser.add_argument("--events", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--status-runs", type=int, default=11)
    parser.add_argument("--output", default=os.path.join(suite.BENCH, "CLUB.md"))
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="bookclub-club-bench-")
    try:
        tools = suite.build(work)
        folder = os.path.join(work, "club")
        ids = make_club(folder, args.members, args.events)
        size = sum(os.path.getsize(os.path.join(folder, "members", name))
                   for name in os.listdir(os.path.join(folder, "members")))
        journals = [os.path.join(folder, "members", m + ".jsonl") for m in ids]
        cat = statistics.median(
            timed(tools, ["sh", "-c", 'cat "$@" > /dev/null', "cat"] + journals, os.environ)
            for _ in range(args.runs))
        parse = statistics.median(
            timed(tools, [tools["jsonl_parse"]] + journals, os.environ) for _ in range(args.runs))
        firsts, unchanged, after_one = [], [], []
        with open(os.path.join(folder, "club.json")) as club_file:
            club = json.load(club_file)["id"]
        sequence = [args.events]
        for run in range(args.runs):
            home = os.path.join(work, f"home{run}")
            environment = dict(os.environ, HOME=home, XDG_DATA_HOME=home + "/data",
                               XDG_CONFIG_HOME=home + "/config", XDG_STATE_HOME=home + "/state")
            bookclub = tools["bookclub"]
            firsts.append(timed(tools, [bookclub, "club", "join", folder, "--as", "Bench"],
                                environment))
            library = os.path.join(home, "data", "bookclub", "library.sqlite")
            unchanged.append(status_rounds(tools, bookclub, library, club, environment,
                                           args.status_runs))

            def one_more_event(round_index):
                sequence[0] += 1
                with open(journals[1], "a") as out:
                    out.write(json.dumps({
                        "member": ids[1], "seq": sequence[0],
                        "time": stamp(START_MS + 61 * 86_400_000 + sequence[0]),
                        "kind": "progress", "book": BOOK, "fraction": 1.0, "page": 880},
                        separators=(",", ":")) + "\n")
            after_one.append(status_rounds(tools, bookclub, library, club, environment,
                                           args.status_runs, before_each=one_more_event))
        first = statistics.median(firsts)

        def median(rounds, name):
            return statistics.median(ms for times in rounds for ms in times[name])
        still, one = median(unchanged, "status"), median(after_one, "status")
        empty = median(unchanged + after_one, "empty")
        queries = median(unchanged, "queries")
        queries_after = median(after_one, "queries")
        lines = [
            "# Club benchmark", "",
            f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, {suite.machine()}.",
            "",
            f"`bench/club {' '.join(sys.argv[1:])}`: a club of {args.members:,} members with "
            f"{args.events:,} events each ({args.members * args.events:,} lines, "
            f"{size / 2**20:.0f} MiB), median of {args.runs} runs, each with a fresh library; "
            f"each `club status` median of {args.runs * args.status_runs} (each run "
            f"{args.status_runs} times, interleaved with its floors).", "",
            "| | median | floor | ratio | target |", "|---|---:|---:|---:|---:|",
            f"| first read (`club join`: every journal into the library) | {first / 1000:.2f} s | "
            f"`jsonl_parse` of the journals {parse / 1000:.2f} s | {first / parse:.1f}× | 5× |",
            f"| first read | {first / 1000:.2f} s | `cat` of the journals {cat / 1000:.2f} s | "
            f"{first / cat:.0f}× | |",
            f"| `club status`, nothing new | {still:.1f} ms | sqlite3 empty query {empty:.1f} ms | "
            f"{still / empty:.1f}× | 2× |",
            f"| `club status`, nothing new | {still:.1f} ms | sqlite3 shell, status's queries "
            f"{queries:.1f} ms | {still / queries:.1f}× | |",
            f"| `club status` after one new event | {one:.1f} ms | sqlite3 empty query "
            f"{empty:.1f} ms | {one / empty:.1f}× | 2× |",
            f"| `club status` after one new event | {one:.1f} ms | sqlite3 shell, status's "
            f"queries {queries_after:.1f} ms | {one / queries_after:.1f}× | |",
            "",
            f"The sqlite3 shell running only the queries `club status` needs (the pick, each "
            f"member's standing, each member's pace start: `STATUS_SQL` in `bench/club.py`) "
            f"takes {queries / empty:.1f}× its empty query"
            + (f": the 2× target cannot be met by anything that reads each of "
               f"{args.members:,} members' standing." if queries / empty > 2 else ".")
            + " `club status` also looks at every journal's size and time (a `stat` each) to "
            "know nothing is new, folds the standing and prints a line a member.",
            "",
            "`jsonl_parse` (`bench/floor/jsonl_parse.c`) parses every line as one JSON value "
            "(objects, arrays, strings with their escapes, numbers) and keeps nothing: what "
            "reading the journals costs before any of bookclub's own work.",
        ]
        suite.report(args.output, lines)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

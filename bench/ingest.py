#!/usr/bin/env python3
"""KOReader's statistics at scale (issue 29), written to bench/INGEST.md.

A `statistics.sqlite3` in the shape KOReader 2022.11 and later writes it (its tables, its
unique key and index, its view), generated like a reader's years: BOOKS books of different
lengths, read in sittings of 5 to 90 page turns with hours or days between them, each page
read for a few seconds to a few minutes (some flipped past in under 5), pages now and then
read again or skipped back to, the turns stored in the order they happened across books,
and a few turns a broken clock made (1970, 2100) that bookclub leaves out. TURNS page turns
in all.

Timed, round after round: `bookclub ingest` of the file into a new library (every book
added, every sitting a session), the same ingest again on the library it made (nothing to
change), and the floor: the sqlite3 shell reading the same rows (the books, and the turns in
the order bookclub asks for them) to /dev/null.

Usage: bench/ingest [--books 500] [--turns 1000000] [--runs 5] [--binary <bookclub>]
"""
import argparse
import hashlib
import json
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402

SCHEMA = """
PRAGMA user_version = 20221111;
CREATE TABLE book (id integer PRIMARY KEY autoincrement, title text, authors text,
  notes integer, last_open integer, highlights integer, pages integer, series text,
  language text, md5 text, total_read_time integer, total_read_pages integer);
CREATE TABLE page_stat_data (id_book integer, page integer NOT NULL DEFAULT 0,
  start_time integer NOT NULL DEFAULT 0, duration integer NOT NULL DEFAULT 0,
  total_pages integer NOT NULL DEFAULT 0, UNIQUE (id_book, page, start_time),
  FOREIGN KEY (id_book) REFERENCES book (id));
CREATE INDEX page_stat_data_start_time ON page_stat_data (start_time);
CREATE TABLE numbers (number INTEGER PRIMARY KEY);
CREATE UNIQUE INDEX book_title_authors_md5 ON book (title, authors, md5);
CREATE VIEW page_stat AS SELECT id_book, first_page + idx - 1 AS page, start_time,
  duration / (last_page - first_page + 1) AS period FROM (SELECT id_book, page, total_pages,
  pages, start_time, duration, ((page - 1) * pages) / total_pages + 1 AS first_page,
  max(((page - 1) * pages) / total_pages + 1, (page * pages) / total_pages) AS last_page
  FROM page_stat_data JOIN book ON book.id = id_book) JOIN numbers
  ON idx <= (last_page - first_page + 1);
"""

WORDS = ("shadow river glass winter house night garden salt iron letters silent city "
         "empire orchard lantern harbor mirror storm kingdom forest paper crown wolves "
         "ashes summer bridge island tide memory stranger").split()
FIRST = "Anna Tomas Ines Kofi Mei Olga Rafael Sun Lena Ivan Amara Noor Jonas Chiara".split()
LAST = "Okafor Lindqvist Moreau Tanaka Novak Haddad Ferreira Kowalski Ibsen Ruiz Chen".split()
START = 1_514_764_800  # 2018-01-01
END = 1_793_491_200    # 2026-11-01


def title(rng, index):
    a, b = (word.capitalize() for word in rng.sample(WORDS, 2))
    text = rng.choice((f"The {a}", f"{a} of {b}", f"The {a} and the {b}", f"{a} {b}s"))
    if index % 7 == 0:
        text += ": A Novel"
    if index % 11 == 0:
        text += f" (Book {index % 5 + 1})"
    return f"{text} {index}"


def sittings(rng, pages, count):
    """One book's turns, `count` of them: (page, start, duration) in sittings."""
    when = rng.randrange(START, END - 400 * 86_400)
    page = rng.randrange(1, 20)
    turns = []
    while len(turns) < count:
        length = min(count - len(turns), int(rng.triangular(5, 90, 30)))
        for _ in range(length):
            duration = int(rng.lognormvariate(3.8, 0.6)) if rng.random() > 0.06 else rng.randrange(1, 5)
            turns.append((page, when, min(duration, 3_600)))
            when += duration + rng.randrange(0, 3)
            step = rng.random()
            page += 1 if step > 0.05 else (-rng.randrange(1, 4) if step > 0.02 else rng.randrange(2, 9))
            page = max(1, page if page <= pages else 1)
        when += rng.choice((3_600 * rng.randrange(2, 12), 86_400 * rng.randrange(1, 4)))
    return turns


def generate(path, books, turns, seed=29):
    rng = random.Random(seed)
    weights = [rng.lognormvariate(0, 0.7) for _ in range(books)]
    scale = turns / sum(weights)
    counts = [max(20, int(weight * scale)) for weight in weights]
    counts[-1] += turns - sum(counts)
    database = sqlite3.connect(path)
    database.executescript(SCHEMA)
    database.executemany("INSERT INTO numbers VALUES (?)", [(n,) for n in range(1, 100)])
    rows = []
    for index in range(books):
        pages = rng.randrange(120, 1_400)
        author = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if index % 9 == 0:
            author += f"\n{rng.choice(FIRST)} {rng.choice(LAST)}"
        series = f"{rng.choice(WORDS).capitalize()} Cycle #{index % 4 + 1}" if index % 6 == 0 else "N/A"
        checksum = hashlib.md5(f"book {index}".encode()).hexdigest()
        book_turns = sittings(rng, pages, counts[index])
        total = sum(duration for _, _, duration in book_turns)
        database.execute("INSERT INTO book VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                         (index + 1, title(rng, index), author, 0, book_turns[-1][1], 0, pages,
                          series, "en", checksum, total, len(book_turns)))
        rows += [(index + 1, page, start, duration, pages) for page, start, duration in book_turns]
    for broken in range(0, len(rows), 100_000):
        book, page, _, duration, pages = rows[broken]
        rows[broken] = (book, page, rng.choice((86_400, 4_102_444_800)), duration, pages)
    rows.sort(key=lambda row: row[2])  # as the device appends them: in time order
    database.executemany("INSERT OR IGNORE INTO page_stat_data VALUES (?,?,?,?,?)", rows)
    database.commit()
    stored = database.execute("SELECT count(*) FROM page_stat_data").fetchone()[0]
    database.close()
    return stored


def timed(command, env):
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--books", type=int, default=500)
    parser.add_argument("--turns", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--output", default=os.path.join(suite.BENCH, "INGEST.md"))
    parser.add_argument("--binary", help="a bookclub binary to time (default: build README's)")
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="bookclub-ingest-bench-")
    try:
        bookclub = options.binary or suite.build(work)["bookclub"]
        device = os.path.join(work, "statistics.sqlite3")
        stored = generate(device, options.books, options.turns)
        env = {**os.environ, "HOME": work, "XDG_DATA_HOME": work + "/data",
               "XDG_CONFIG_HOME": work + "/config", "XDG_STATE_HOME": work + "/state", "TZ": "UTC"}
        floor_sql = ("SELECT id, title, authors, md5, series FROM book ORDER BY id;"
                     "SELECT id_book, page, start_time, duration, total_pages FROM page_stat_data"
                     " ORDER BY id_book, start_time;")
        library = os.path.join(work, "library.sqlite")
        first, again, floors = [], [], []
        summary = None
        for round in range(options.runs + 1):
            fresh = os.path.join(work, f"fresh-{round}.sqlite")
            ingest_ms = timed([bookclub, "ingest", device, "--library", fresh], env)
            floor_ms = timed(["sqlite3", device, floor_sql], env)
            if round == 0:
                shutil.copy(fresh, library)
                summary = json.loads(subprocess.run(
                    [bookclub, "ingest", device, "--json", "--library", library], env=env,
                    check=True, capture_output=True, text=True).stdout)
            again_ms = timed([bookclub, "ingest", device, "--library", library], env)
            os.remove(fresh)
            if round > 0:  # the first round warms the page cache
                first.append(ingest_ms)
                again.append(again_ms)
                floors.append(floor_ms)
        counts = subprocess.run(
            ["sqlite3", library, "SELECT (SELECT count(*) FROM books),"
             " (SELECT count(*) FROM reading_sessions)"],
            check=True, capture_output=True, text=True).stdout.strip().split("|")
        ratio_first = statistics.median(a / b for a, b in zip(first, floors))
        ratio_again = statistics.median(a / b for a, b in zip(again, floors))
        report = [
            "# Ingesting KOReader's statistics",
            "",
            f"`bench/ingest --books {options.books} --turns {options.turns} --runs {options.runs}`,"
            f" {suite.machine()}.",
            f"A `statistics.sqlite3` of {stored:,} page turns over {options.books} books "
            f"({os.path.getsize(device) / 1e6:.0f} MB); the first ingest made "
            f"{int(counts[0]):,} books and {int(counts[1]):,} sessions. Medians of "
            f"{options.runs} rounds after a warm-up; each ratio is the median of the rounds' "
            "ratios to the floor measured in the same round.",
            "",
            "| case | median ms | × floor | target |",
            "| --- | ---: | ---: | ---: |",
            f"| floor: `sqlite3` reading the same books and turns to /dev/null | "
            f"{statistics.median(floors):.0f} | 1 | |",
            f"| `bookclub ingest` into a new library | {statistics.median(first):.0f} | "
            f"{ratio_first:.2f} | ≤ 3 |",
            f"| the same ingest again, nothing changed | {statistics.median(again):.0f} | "
            f"{ratio_again:.2f} | ≤ 1.5 |",
            "",
            "The ingest run again reported: "
            + ", ".join(f"{key} {value}" for key, value in sorted(summary.items())
                        if type(value) is int) + ".",
            "",
        ]
        suite.write_report(options.output, report)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

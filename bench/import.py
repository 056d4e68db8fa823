#!/usr/bin/env python3
"""Times `bookclub import` of a large Goodreads export against Python reading the same file.

The floor is `python3 -c` reading every row with the csv module, measured in the same run.
Reports the median wall time of several runs and the peak resident memory of each.

Usage: python3 bench/import.py [--rows 100000] [--runs 5]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from measure import measure

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = ("Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,"
          "Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,"
          "Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,"
          "Private Notes,Read Count,Owned Copies\n")
SHELVES = ["to-read", "currently-reading", "read", "did-not-finish"]


def write_export(path, rows):
    """A Goodreads export with the usual quirks: formula ISBNs, reviews with <br/>, ..."""
    with open(path, "w") as out:
        out.write(HEADER)
        for i in range(1, rows + 1):
            read = f"2024/03/0{1 + i % 9}" if i % 3 == 0 else ""
            isbn = f'="{9780000000000 + i}"' if i % 5 == 0 else '=""'
            out.write(f'{i},"Generated Book {i}, a Novel",Author {i % 997},"{i % 997}, Author",,'
                      f'=\"\",{isbn},{i % 6},3.9,Publisher,Paperback,{100 + i % 700},2001,1999,'
                      f'{read},2023/01/15,"fiction, generated",,{SHELVES[i % 4]},'
                      f'"A review with a line<br/>break &amp; more",,,{i % 2},0\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="bookclub-import-bench-")
    try:
        subprocess.run(["swift", "build", "-c", "release", "--product", "bookclub"], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL)
        folder = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                                check=True, capture_output=True, text=True).stdout.strip()
        bookclub = os.path.join(folder, "bookclub")
        export = os.path.join(work, "goodreads_library_export.csv")
        write_export(export, args.rows)
        library = os.path.join(work, "library.sqlite")

        def fresh_library():
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(library + suffix):
                    os.remove(library + suffix)

        python = ["python3", "-c", "import csv, sys; "
                  "print(sum(1 for _ in csv.reader(open(sys.argv[1], newline=''))))", export]
        size = os.path.getsize(export) / 2**20
        print(f"{args.rows:,} rows ({size:.1f} MiB), median of {args.runs} runs")
        print(f"{'command':46} {'median s':>9} {'× floor':>8} {'peak MiB':>9}")
        floor, peak = measure(python, args.runs)
        print(f"{'floor: python3 csv module reads every row':46} {floor:9.2f} {1:8.2f} {peak:9.1f}")
        cases = [
            ("bookclub import, empty library", fresh_library),
            ("bookclub import again (every row unchanged)", None),
        ]
        for name, before in cases:
            median, peak = measure([bookclub, "import", export, "--library", library], args.runs,
                                   before)
            print(f"{name:46} {median:9.2f} {median / floor:8.2f} {peak:9.1f}")
        median, peak = measure([bookclub, "export", "--library", library], args.runs)
        print(f"{'bookclub export (bookclub format)':46} {median:9.2f} {median / floor:8.2f} {peak:9.1f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

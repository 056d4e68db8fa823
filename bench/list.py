#!/usr/bin/env python3
"""Times `bookclub list` on a large library against floors measured in the same run.

Floors: a Swift binary that imports Foundation and prints one line, and the sqlite3 shell
running the same first-page query. Reports the median wall time of several runs and the peak
resident memory of each command, and each median as a ratio of the Foundation floor.

Usage: python3 bench/list.py [--books 100000] [--runs 15]
"""
import argparse
import base64
import os
import shutil
import subprocess
import tempfile

from measure import measure

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build(work):
    """Builds bookclub and the floor twice: as `swift build` does by default (Swift's
    libraries linked dynamically) and with the Swift libraries linked statically."""
    def bin_path(*extra):
        subprocess.run(["swift", "build", "-c", "release", "--product", "bookclub", *extra],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        folder = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path", *extra],
                                cwd=ROOT, check=True, capture_output=True, text=True)
        return os.path.join(folder.stdout.strip(), "bookclub")

    static_options = ["--static-swift-stdlib", "--build-path", os.path.join(ROOT, ".build/static")]
    source = os.path.join(ROOT, "bench/floor/main.swift")
    floor, static_floor = os.path.join(work, "floor"), os.path.join(work, "floor-static")
    subprocess.run(["swiftc", "-O", source, "-o", floor], check=True)
    subprocess.run(["swiftc", "-O", "-static-stdlib", source, "-o", static_floor], check=True)
    return bin_path(), floor, bin_path(*static_options), static_floor


def make_library(bookclub, path, books):
    """Creates the schema through bookclub itself, then bulk-loads books with sqlite3."""
    subprocess.run([bookclub, "add", "Seed", "--author", "Seed", "--library", path],
                   check=True, capture_output=True)
    sql = f"""
    DELETE FROM books;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {books})
    INSERT INTO books (id, title, authors, page_count, status, added_ms, updated_ms,
                       title_key, author_key, search_text, rating, finished_day, author_sort)
    SELECT i, 'Book ' || printf('%07d', (i * 7919) % {books}), 'Author ' || (i % 997),
           100 + i % 900, CASE i % 4 WHEN 0 THEN 'want' WHEN 1 THEN 'reading'
                          WHEN 2 THEN 'finished' ELSE 'abandoned' END,
           1700000000000 + i * 1000, 1700000000000 + ((i * 104729) % {books}) * 1000,
           'book ' || printf('%07d', (i * 7919) % {books}), 'author ' || (i % 997),
           'book ' || printf('%07d', (i * 7919) % {books}) || ' author ' || (i % 997),
           CASE WHEN i % 3 = 0 THEN (i % 20 + 1) / 4.0 ELSE 0 END,
           CASE i % 4 WHEN 2 THEN printf('%04d-%02d-%02d', 2000 + i % 25, 1 + i % 12, 1 + i % 28)
                      ELSE '' END,
           (i % 997) || ', author'
    FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {books} / 10)
    INSERT INTO progress_entries (id, book_id, progress, time_ms, note)
    SELECT printf('%08X-0000-4000-8000-%012X', i, i), i * 10, (i % 100) / 100.0,
           1700000000000 + i, NULL FROM n;
    -- A tenth of the books tagged 'classics', one in a hundred 'poetry'.
    INSERT INTO book_tags (tag_key, book_id, tag)
    SELECT 'classics', id, 'classics' FROM books WHERE id % 10 = 0;
    INSERT INTO book_tags (tag_key, book_id, tag)
    SELECT 'poetry', id, 'poetry' FROM books WHERE id % 100 = 1;
    """
    subprocess.run(["sqlite3", path], input=sql, text=True, check=True)
    subprocess.run(["sqlite3", path, "PRAGMA wal_checkpoint(TRUNCATE);"], check=True,
                   capture_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--books", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="bookclub-bench-")
    try:
        bookclub, floor, static_bookclub, static_floor = build(work)
        library = os.path.join(work, "library.sqlite")
        make_library(bookclub, library, args.books)
        # A cursor halfway through the id order. Cursors are opaque to users; the bench
        # builds one the way PageCursor.token does, to avoid listing 50,000 books first.
        half = str(args.books // 2)
        plain = "\x1f".join(["c1", "id", half, half, half]).encode()
        cursor = base64.urlsafe_b64encode(plain).decode().rstrip("=")
        page_sql = ("SELECT b.id, b.title, b.authors, b.status, (SELECT p.progress FROM "
                    "progress_entries p WHERE p.book_id = b.id ORDER BY p.time_ms DESC "
                    "LIMIT 1) FROM books b ORDER BY b.id LIMIT 31;")
        cases = [
            ("floor: Swift + Foundation, print one line", [floor]),
            ("floor: sqlite3 shell, same first page", ["sqlite3", library, page_sql]),
            ("bookclub list", [bookclub, "list", "--library", library]),
            ("bookclub list --json", [bookclub, "list", "--json", "--library", library]),
            ("bookclub list --after <middle>", [bookclub, "list", "--after", cursor,
                                                "--library", library]),
            ("bookclub list --sort title", [bookclub, "list", "--sort", "title",
                                            "--library", library]),
            ("bookclub list --sort updated", [bookclub, "list", "--sort", "updated",
                                              "--library", library]),
            ("bookclub list --status finished", [bookclub, "list", "--status", "finished",
                                                 "--library", library]),
            ("bookclub list --search 'author 996'", [bookclub, "list", "--search", "author 996",
                                                     "--library", library]),
            ("bookclub list --tag poetry", [bookclub, "list", "--tag", "poetry",
                                            "--library", library]),
            ("bookclub list --sort rating", [bookclub, "list", "--sort", "rating",
                                             "--library", library]),
            ("bookclub list --finished-in 2010", [bookclub, "list", "--finished-in", "2010",
                                                  "--library", library]),
            ("bookclub status (the overview)", [bookclub, "status", "--library", library]),
            ("bookclub __complete show 'book 00012'", [bookclub, "__complete", "show", "--library",
                                                      library, "book 00012"]),
            ("bookclub __complete show 12", [bookclub, "__complete", "show", "--library",
                                             library, "12"]),
            ("bookclub __complete show ''", [bookclub, "__complete", "show", "--library",
                                             library, ""]),
            ("bookclub __complete note edit 0000", [bookclub, "__complete", "note", "edit",
                                                    "--library", library, "0000"]),
            ("bookclub list --all --json (every book)", [bookclub, "list", "--all", "--json",
                                                         "--library", library]),
            ("static floor: Swift + Foundation, one line", [static_floor]),
            ("static bookclub list", [static_bookclub, "list", "--library", library]),
            ("static bookclub list --sort title", [static_bookclub, "list", "--sort", "title",
                                                   "--library", library]),
        ]
        print(f"{args.books:,} books, median of {args.runs} runs, {os.cpu_count()} cores")
        print(f"{'command':44} {'median ms':>10} {'× floor':>8} {'peak MiB':>9}")
        floor_time = None
        for name, command in cases:
            median, peak = measure(command, args.runs, warm_up=True)
            floor_time = floor_time or median
            print(f"{name:44} {median * 1000:10.1f} {median / floor_time:8.2f} {peak:9.1f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

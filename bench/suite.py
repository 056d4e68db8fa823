#!/usr/bin/env python3
"""bookclub's benchmarks: every command at 1,000, 100,000 and 1,000,000 books, interleaved
with its floors in the same run, written to bench/RESULTS.md.

Floors: a static Swift program with no Foundation, one with FoundationEssentials, one that
really uses Foundation (a formatted date, which loads ICU), and the sqlite3 shell running the
same query on the same file. Each process is timed and its peak memory read (wait4's
ru_maxrss of that process alone) by `launch.c`.

Usage: bench/run [--runs 5] [--sizes 1000,100000,1000000] [--peers [--peer-sizes 1000]]
"""
import argparse
import datetime
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
PAGE_COLUMNS = ("b.id, b.title, b.authors, b.status, (SELECT p.progress FROM progress_entries p "
                "WHERE p.book_id = b.id AND p.kind = 'progress' ORDER BY p.time_ms DESC LIMIT 1)")


def run(command, **options):
    return subprocess.run(command, check=True, **options)


INSTALL = ["swift", "build", "-c", "release", "-Xswiftc", "-static-executable",
           "--product", "bookclub"]


def read_from_disk(programs):
    """Drops each program file (and the shared libraries it loads) from the page cache, so
    that its first run reads it from disk, as after a restart. How a file entered the cache
    changes a process's peak memory: this kernel maps a whole cached folio around a page a
    process touches, and a file the linker has just written, or `cp` has copied, sits in
    folios of other sizes than one read from disk (over 1 MiB apart for one `show`)."""
    files = set()
    for program in programs:
        path = shutil.which(program) or program
        files.add(os.path.realpath(path))
        found = subprocess.run(["ldd", path], capture_output=True, text=True).stdout
        files.update(os.path.realpath(line.split("=>")[1].split()[0])
                     for line in found.splitlines() if "=> /" in line)
    for path in sorted(files):
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.fsync(descriptor)  # a page still to be written cannot be dropped
            os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
        except OSError:
            pass  # a file this user may not sync: it stays as it is
        finally:
            os.close(descriptor)


def build(work):
    """The binary README installs (one static file), the floors linked the same way, the
    launcher; every program read from disk at its first run (`read_from_disk`)."""
    run(INSTALL, cwd=ROOT, stdout=subprocess.DEVNULL)
    folder = run(INSTALL + ["--show-bin-path"], cwd=ROOT, capture_output=True,
                 text=True).stdout.strip()
    tools = {"bookclub": os.path.join(folder, "bookclub"), "launch": os.path.join(work, "launch")}
    run(["cc", "-O2", "-o", tools["launch"], os.path.join(BENCH, "launch.c")])
    tools["jsonl_parse"] = os.path.join(work, "jsonl_parse")
    run(["cc", "-O2", "-o", tools["jsonl_parse"], os.path.join(BENCH, "floor", "jsonl_parse.c")])
    for name, source in [("plain", "plain.swift"), ("essentials", "essentials.swift"),
                         ("foundation", "main.swift")]:
        tools[name] = os.path.join(work, name)
        run(["swiftc", "-O", "-static-executable", os.path.join(BENCH, "floor", source),
             "-o", tools[name]], stderr=subprocess.DEVNULL)
    read_from_disk([tools[name] for name in ("bookclub", "plain", "essentials", "foundation")]
                   + ["sqlite3"])
    return tools


def baseline_binary(baseline, work):
    """`baseline` itself when it is a program; else the binary README installs, built from
    that git revision in a worktree of its own (removed afterwards)."""
    if os.path.isfile(baseline) and os.access(baseline, os.X_OK):
        return os.path.abspath(baseline)
    revision = run(["git", "rev-parse", "--verify", "--quiet", "--end-of-options",
                    baseline + "^{commit}"],
                   cwd=ROOT, capture_output=True, text=True).stdout.strip()
    if not revision:
        sys.exit(f"--baseline {baseline}: neither a program nor a git revision of {ROOT}")
    tree = os.path.join(work, "baseline")
    run(["git", "worktree", "add", "--detach", tree, revision], cwd=ROOT,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        run(INSTALL, cwd=tree, stdout=subprocess.DEVNULL)
        folder = run(INSTALL + ["--show-bin-path"], cwd=tree, capture_output=True,
                     text=True).stdout.strip()
        binary = os.path.join(work, "bookclub-before")
        shutil.copy(os.path.join(folder, "bookclub"), binary)
        return binary
    finally:
        run(["git", "worktree", "remove", "--force", tree], cwd=ROOT)


def make_library(bookclub, path, books, reading):
    """Schema made by bookclub, rows bulk-loaded with sqlite3: `reading` books being read
    (spread evenly), a tenth with a progress entry, a third rated, tags on a tenth."""
    run([bookclub, "add", "Seed", "--author", "Seed", "--library", path], capture_output=True)
    every = max(1, books // max(1, reading))
    sql = f"""
    DELETE FROM books;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {books})
    INSERT INTO books (id, title, authors, page_count, status, added_ms, updated_ms, title_key,
                       author_key, search_text, rating, finished_day, author_sort)
    SELECT i, 'Book ' || printf('%07d', (i * 7919) % {books}), 'Author ' || (i % 997),
           100 + i % 900,
           CASE WHEN i % {every} = 0 AND i / {every} <= {reading} THEN 'reading'
                WHEN i % 3 = 0 THEN 'finished' WHEN i % 3 = 1 THEN 'want' ELSE 'abandoned' END,
           1700000000000 + i * 1000, 1700000000000 + ((i * 104729) % {books}) * 1000,
           'book ' || printf('%07d', (i * 7919) % {books}), 'author ' || (i % 997),
           'book ' || printf('%07d', (i * 7919) % {books}) || ' author ' || (i % 997),
           CASE WHEN i % 3 = 0 THEN (i % 20 + 1) / 4.0 ELSE 0 END,
           CASE WHEN i % 3 = 0 THEN printf('%04d-%02d-%02d', 2000 + i % 25, 1 + i % 12,
                                           1 + i % 28) ELSE '' END,
           'author' || (i % 997)
    FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {books} / 10)
    INSERT INTO progress_entries (id, book_id, progress, time_ms, note)
    SELECT printf('%08X-0000-4000-8000-%012X', i, i), i * 10, (i % 100) / 100.0,
           1700000000000 + i, CASE WHEN i % 7 = 0 THEN 'a note' END FROM n;
    INSERT INTO book_tags (tag_key, book_id, tag)
    SELECT 'classics', id, 'classics' FROM books WHERE id % 10 = 0;
    INSERT INTO book_tags (tag_key, book_id, tag)
    SELECT 'poetry', id, 'poetry' FROM books WHERE id % 100 = 1;
    INSERT INTO book_readings (book_id, position, start_day, end_day, abandoned)
    SELECT id, 0, NULL, finished_day, 0 FROM books WHERE finished_day <> '';
    INSERT INTO reading_goals (year, books, pages) VALUES (2010, 12000, 6000000);
    """
    # Parts of the data a library of an earlier bookclub (a --baseline) has no tables for.
    optional = [("book_series", """
    -- A third of the books in series of five (as Goodreads titles name them), one a place.
    INSERT INTO book_series (series_key, book_id, series, position, position_order)
    SELECT 'saga ' || (id / 15), id, 'Saga ' || (id / 15), (id / 3) % 5 + 1, (id / 3) % 5 + 1
    FROM books WHERE id % 3 = 0;
    INSERT INTO book_details (book_id, series)
    SELECT book_id, series || ' #' || position FROM book_series WHERE true
    ON CONFLICT (book_id) DO UPDATE SET series = excluded.series;
    """), ("book_moods", """
    -- StoryGraph's moods on a fifth of the books (dark on one in fifty), a pace on a fifth.
    INSERT INTO book_moods (mood_key, book_id, mood)
    SELECT CASE WHEN id % 50 = 2 THEN 'dark' ELSE 'hopeful' END, id,
           CASE WHEN id % 50 = 2 THEN 'dark' ELSE 'hopeful' END FROM books WHERE id % 5 = 2;
    INSERT INTO book_details (book_id, moods, pace)
    SELECT id, CASE WHEN id % 50 = 2 THEN 'dark' ELSE 'hopeful' END,
           CASE id % 3 WHEN 0 THEN 'slow' WHEN 1 THEN 'medium' ELSE 'fast' END
    FROM books WHERE id % 5 = 2
    ON CONFLICT (book_id) DO UPDATE SET moods = excluded.moods, pace = excluded.pace;
    """), ("books.format", """
    -- Formats as real exports' bindings give them: one book in twelve an audiobook (its
    -- length 4 to 20 hours, no pages), one in six an ebook, the rest paper.
    UPDATE books SET format = CASE WHEN id % 12 = 5 THEN 'audiobook'
                                   WHEN id % 6 = 1 THEN 'ebook' ELSE 'paper' END,
                     length_s = CASE WHEN id % 12 = 5 THEN 14400 + (id * 37) % 57600 END,
                     page_count = CASE WHEN id % 12 = 5 THEN NULL ELSE page_count END;
    """)]
    for needs, part in optional:
        table, _, column = needs.partition(".")
        found = run(["sqlite3", path,
                     f"SELECT count(*) FROM pragma_table_info('{table}')"
                     + (f" WHERE name = '{column}'" if column else "")],
                    capture_output=True, text=True).stdout.strip()
        if found not in ("", "0"):
            sql += part
    run(["sqlite3", path], input=sql, text=True)
    # The counts and the search index as bookclub's triggers would have kept them.
    run(["sqlite3", path,
         "UPDATE book_counts SET books = (SELECT count(*) FROM books "
         "WHERE books.status = book_counts.status);"
         "INSERT INTO book_search (book_search) VALUES ('rebuild');"
         "PRAGMA wal_checkpoint(TRUNCATE);"], capture_output=True)


def page_sql(where="", order="b.id", count=None):
    """A page as bookclub reads it, after the count of matching books it prints ("of N"):
    by default every matching row, or the statement `count` when bookclub has a cheaper one."""
    count = f"SELECT count(*) FROM books b {where};" if count is None else count
    return f"{count} SELECT {PAGE_COLUMNS} FROM books b {where} ORDER BY {order} LIMIT 31;"


COUNTED = "SELECT coalesce(sum(books), 0) FROM book_counts;"

# What the overview reads besides the counts and the books being read (at most 50): each
# one's entries and readings, the newest notes, the first of Up Next, this year's goal and
# the finishes it counts.
READING_50 = ("SELECT id FROM books WHERE status = 'reading' ORDER BY updated_ms DESC "
              "LIMIT 50")
STATUS_SQL = (
    f" SELECT book_id, id, progress, time_ms, note, kind FROM progress_entries WHERE book_id IN"
    f" ({READING_50}) ORDER BY book_id, time_ms; SELECT * FROM book_details WHERE book_id IN"
    f" ({READING_50}); SELECT * FROM book_sources WHERE book_id IN ({READING_50});"
    " SELECT p.id, p.progress, p.time_ms, p.note, p.kind, b.title FROM progress_entries p"
    " JOIN books b ON b.id = p.book_id WHERE p.note IS NOT NULL ORDER BY p.time_ms DESC LIMIT 3;"
    " SELECT b.id, b.title FROM book_details d JOIN books b ON b.id = d.book_id"
    " WHERE d.up_next IS NOT NULL ORDER BY d.up_next LIMIT 3;"
    " SELECT year, books, pages FROM reading_goals WHERE year = 2026;"
    " SELECT count(*) FROM book_readings WHERE end_day BETWEEN '2026-01-01' AND '2026-12-31'"
    " AND abandoned = 0;")


def list_cases(tools, library, books):
    """(name, bookclub command, same query in the sqlite3 shell or None)."""
    bookclub = tools["bookclub"]
    lib = ["--library", library]
    middle = str(books // 2)
    rare = f"{(books // 3 * 7919) % books:07d}"
    fts = f"WHERE b.id IN (SELECT rowid FROM book_search WHERE book_search MATCH '\"{rare}\"')"
    READING = "SELECT coalesce(sum(books), 0) FROM book_counts WHERE status = 'reading';"
    cases = [
        ("list", [bookclub, "list"] + lib, page_sql(count=COUNTED)),
        ("list --after <middle>", [bookclub, "list", "--after", cursor(middle)] + lib,
         page_sql(f"WHERE b.id > {middle}", count=COUNTED)),
    ]
    for sort, key in [("title", "b.title_key"), ("author", "b.author_sort"),
                      ("updated", "b.updated_ms DESC"), ("rating", "b.rating DESC"),
                      ("finished", "b.finished_day DESC"), ("added", "b.added_ms DESC")]:
        tiebreak = "b.id DESC" if key.endswith("DESC") else "b.id"
        cases.append((f"list --sort {sort}", [bookclub, "list", "--sort", sort] + lib,
                      page_sql(order=f"{key}, {tiebreak}", count=COUNTED)))
    cases += [
        ("list --status reading", [bookclub, "list", "--status", "reading"] + lib,
         page_sql("WHERE b.status = 'reading'", count=READING)),
        ("list --status reading --sort title",
         [bookclub, "list", "--status", "reading", "--sort", "title"] + lib,
         page_sql("WHERE b.status = 'reading'", "b.title_key, b.id", READING)),
        ("list --tag poetry", [bookclub, "list", "--tag", "poetry"] + lib,
         page_sql("WHERE b.id IN (SELECT book_id FROM book_tags WHERE tag_key = 'poetry')",
                  count="SELECT count(*) FROM book_tags WHERE tag_key = 'poetry';")),
        ("list --series <saga>", [bookclub, "list", "--series", f"Saga {books // 30}"] + lib,
         f"SELECT count(*) FROM books b WHERE b.id IN (SELECT book_id FROM book_series "
         f"WHERE series_key = 'saga {books // 30}'); SELECT {PAGE_COLUMNS} FROM book_series s "
         f"JOIN books b ON b.id = s.book_id WHERE s.series_key = 'saga {books // 30}' "
         "ORDER BY coalesce(s.position_order, 1e9), b.id LIMIT 31;"),
        ("list --mood dark", [bookclub, "list", "--mood", "dark"] + lib,
         page_sql("WHERE b.id IN (SELECT book_id FROM book_moods WHERE mood_key = 'dark')",
                  count="SELECT count(*) FROM book_moods WHERE mood_key = 'dark';")),
        ("list --pace fast", [bookclub, "list", "--pace", "fast"] + lib,
         page_sql("WHERE b.id IN (SELECT book_id FROM book_details WHERE pace = 'fast')",
                  count="SELECT count(*) FROM book_details WHERE pace = 'fast';")),
        ("list --format audiobook", [bookclub, "list", "--format", "audiobook"] + lib,
         page_sql("WHERE b.format = 'audiobook'",
                  count="SELECT count(*) FROM books WHERE format = 'audiobook';")),
        ("list --rating-at-least 4", [bookclub, "list", "--rating-at-least", "4"] + lib,
         page_sql("WHERE b.rating >= 4", "+b.id")),
        ("list --finished-in 2010", [bookclub, "list", "--finished-in", "2010"] + lib,
         page_sql("WHERE b.finished_day BETWEEN '2010-01-01' AND '2010-12-31'", "+b.id")),
        (f"list --search {rare} (rare)", [bookclub, "list", "--search", rare] + lib,
         page_sql(fts)),
        ("list --search author (common)", [bookclub, "list", "--search", "author"] + lib,
         page_sql("WHERE b.search_text LIKE '%author%'")),
        ("show", [bookclub, "show", "10"] + lib,
         "SELECT * FROM books WHERE id = 10; SELECT * FROM book_details WHERE book_id = 10; "
         "SELECT * FROM progress_entries WHERE book_id = 10 ORDER BY time_ms;"),
        ("progress show", [bookclub, "progress", "show", "10"] + lib,
         "SELECT * FROM books WHERE id = 10; "
         "SELECT * FROM progress_entries WHERE book_id = 10 ORDER BY time_ms;"),
        ("status (the overview)", [bookclub, "status"] + lib,
         page_sql("WHERE b.status = 'reading'", "b.updated_ms DESC",
                  "SELECT status, books FROM book_counts;") + STATUS_SQL),
        ("progress set 20 +1", [bookclub, "progress", "set", "20", "+1", "--no-reread"] + lib,
         "BEGIN IMMEDIATE; INSERT INTO progress_entries (id, book_id, progress, time_ms) "
         "VALUES (lower(hex(randomblob(16))), 20, 0.5, 1800000000000); COMMIT;"),
        ("stats --year 2010 --json", [bookclub, "stats", "--year", "2010", "--json"] + lib,
         STATS_SQL),
        ("goal 2010 --json", [bookclub, "goal", "2010", "--json"] + lib,
         "SELECT year, books, pages FROM reading_goals; " + FINISHED_2010.format(
             "count(*), coalesce(sum(b.page_count), 0)") + ";"),
    ]
    return [case for case in cases if re.search(CASES["pattern"], case[0])]


# The finished readings of 2010, as stats and goal read them.
FINISHED_2010 = ("SELECT {} FROM book_readings r JOIN books b ON b.id = r.book_id "
                 "WHERE r.end_day BETWEEN '2010-01-01' AND '2010-12-31' AND r.abandoned = 0")
# Every aggregate `stats --year 2010` runs, in the sqlite3 shell.
STATS_SQL = " ".join([
    FINISHED_2010.format("substr(r.end_day, 6, 2), count(*), coalesce(sum(b.page_count), 0)")
    + " GROUP BY 1;",
    "SELECT avg(rating) FROM books WHERE rating > 0 AND id IN (SELECT book_id FROM "
    "book_readings WHERE end_day BETWEEN '2010-01-01' AND '2010-12-31' AND abandoned = 0);",
    "SELECT avg(julianday(end_day) - julianday(start_day)) FROM book_readings WHERE end_day "
    "BETWEEN '2010-01-01' AND '2010-12-31' AND abandoned = 0 AND start_day IS NOT NULL;",
    FINISHED_2010.format("b.id, b.title, b.page_count")
    + " AND b.page_count IS NOT NULL ORDER BY b.page_count DESC, b.id LIMIT 1;",
    FINISHED_2010.format("b.id, b.title, b.page_count")
    + " AND b.page_count IS NOT NULL ORDER BY b.page_count, b.id LIMIT 1;",
    FINISHED_2010.format("min(b.authors), count(*)")
    + " GROUP BY b.author_key ORDER BY 2 DESC, b.author_key LIMIT 5;",
    "SELECT min(t.tag), count(*) FROM book_readings r JOIN book_tags t ON t.book_id = "
    "r.book_id WHERE r.end_day BETWEEN '2010-01-01' AND '2010-12-31' AND r.abandoned = 0 "
    "GROUP BY t.tag_key ORDER BY 2 DESC, t.tag_key LIMIT 5;",
    "SELECT count(*) FROM book_readings WHERE end_day BETWEEN '2010-01-01' AND '2010-12-31' "
    "AND abandoned = 1;",
    "SELECT count(*) FROM books WHERE status = 'finished' AND finished_day = '';",
    "SELECT e.time_ms, e.progress FROM progress_entries e WHERE e.time_ms >= 1262304000000 "
    "AND e.time_ms < 1293840000000 AND e.kind = 'progress';",
])
# Which cases run (`--cases`): a regular expression on their names.
CASES = {"pattern": ""}


def cursor(position):
    import base64
    plain = "\x1f".join(["c1", "id", position, position, position]).encode()
    return base64.urlsafe_b64encode(plain).decode().rstrip("=")


def launch(tools, command):
    out = run([tools["launch"]] + command, capture_output=True, text=True).stdout.split()
    return int(out[0]) / 1e6, int(out[1]) / 1024, int(out[2])


def measure_rounds(tools, cases, runs):
    """Every case once per round, round after round, after a warm-up round: each case's
    (ms, MiB) of every round, in order."""
    samples = {name: [] for name, _ in cases}
    for round_index in range(runs + 1):
        for name, command in cases:
            # Nothing an earlier command wrote is still waiting for the disk: a bulk write
            # leaves hundreds of MiB to the kernel, which the next command's fsync waited for.
            os.sync()
            ms, mib, status = launch(tools, command)
            if status != 0:
                sys.exit(f"failed ({status}): {' '.join(command)}")
            if round_index > 0:
                samples[name].append((ms, mib))
    return samples


def summarize(samples):
    """Each case's median time and largest peak."""
    return {name: (statistics.median(s[0] for s in values), max(s[1] for s in values))
            for name, values in samples.items()}


def measure_group(tools, cases, runs):
    return summarize(measure_rounds(tools, cases, runs))


# `--baseline`: every bookclub command run again, in the same rounds, by the binary of an
# earlier commit on a library that binary made of the same rows.
BEFORE = "before: "
# Every paired comparison of a run: (what, after / before, the median of the rounds' ratios).
COMPARED = []


def paired_ratio(samples, name):
    """The median, over the rounds, of the round's time of `name` over its time before:
    one round's two runs are next to each other, so a machine's drift cancels."""
    return statistics.median(a[0] / b[0] for a, b in zip(samples[name], samples[BEFORE + name]))


def before_cases(tools, cases, library, baseline_library):
    """The same commands run by the baseline binary on its own library: those it has (a
    command or option added since fails there, and is new, not slower)."""
    def swap(word):
        return tools["baseline"] if word == tools["bookclub"] else (
            baseline_library if word == library else word)
    swapped = [(BEFORE + name, [swap(word) for word in command]) for name, command in cases]
    return [(name, command) for name, command in swapped
            if subprocess.run(command, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0]


def floors(tools, library):
    return [("floor: static Swift, no Foundation", [tools["plain"]]),
            ("floor: static FoundationEssentials", [tools["essentials"]]),
            ("floor: static Foundation, a formatted date", [tools["foundation"]]),
            ("floor: sqlite3 shell, empty query", ["sqlite3", library, "SELECT 1;"])]


def size_section(tools, work, books, reading, runs):
    library = os.path.join(work, f"library-{books}-{reading}.sqlite")
    make_library(tools["bookclub"], library, books, reading)
    cases = list_cases(tools, library, books)
    group = floors(tools, library) + [(name, command) for name, command, _ in cases]
    group += [(f"sqlite3: {name}", ["sqlite3", library, sql]) for name, _, sql in cases if sql]
    baseline = "baseline" in tools
    if baseline:
        baseline_library = os.path.join(work, f"library-{books}-{reading}-before.sqlite")
        make_library(tools["baseline"], baseline_library, books, reading)
        group += before_cases(tools, [(name, command) for name, command, _ in cases], library,
                              baseline_library)
    samples = measure_rounds(tools, group, runs)
    results = summarize(samples)
    before_header = (" × before |", " ---: |") if baseline else ("", "")
    lines = [f"### {books:,} books, {reading:,} being read", "",
             "| command | median ms | peak MiB | × sqlite3 same query | × sqlite3 peak |"
             + before_header[0],
             "| --- | ---: | ---: | ---: | ---: |" + before_header[1]]
    for name, _ in floors(tools, library):
        ms, mib = results[name]
        lines.append(f"| {name} | {ms:.1f} | {mib:.1f} | | |" + (" |" if baseline else ""))
    label = f"{books:,}" + (f" ({reading} reading)" if reading != books // 10 else "")
    missed, peaks = [], []
    for name, command, sql in cases:
        ms, mib = results[name]
        base = results.get(f"sqlite3: {name}")
        ratio = f"{ms / base[0]:.2f}" if base else ""
        peak = f"{mib / base[1]:.2f}" if base else ""
        compared = ""
        if baseline and BEFORE + name in samples:
            change = paired_ratio(samples, name)
            COMPARED.append((f"{name} at {label}", change))
            compared = f" {change:.2f} |"
        elif baseline:
            compared = " new |"
        lines.append(f"| bookclub {name} | {ms:.1f} | {mib:.1f} | {ratio} | {peak} |{compared}")
        if base:
            target = 2.0 if name in ("show", "progress show") or name.startswith(("stats", "goal")) else 1.5
            if ms / base[0] > target:
                missed.append((f"{name} at {label}", ms / base[0], target, "× sqlite3", command))
            peaks.append(mib / base[1])
    over = [peak for peak in peaks if peak > 2.0]
    if over:
        missed.append((f"peak memory of {len(over)} of {len(peaks)} commands at {label}",
                       max(over), 2.0, "× sqlite3 peak, the worst", None))
    started = [(name, threads_started(command)) for name, command, _ in cases
               if name in ("list", "show", "progress show", "progress set 20 +1")]
    if started and all(count is not None for _, count in started):
        lines += ["", "Threads started (clone and clone3 calls, strace): " + ", ".join(
            f"`{name}` {count}" for name, count in started) + "."]
    TARGETS.extend(profiled(missed))
    os.remove(library)
    if baseline:
        os.remove(baseline_library)
    return lines


def threads_started(command):
    """How many threads a command starts, counted by strace; None without strace."""
    if not shutil.which("strace"):
        return None
    trace = tempfile.mktemp(prefix="bookclub-strace-")
    try:
        run(["strace", "-f", "-qq", "-e", "trace=clone,clone3", "-o", trace] + command,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(trace) as calls:
            return sum(1 for line in calls if "clone" in line and "resumed" not in line)
    except (OSError, subprocess.CalledProcessError):
        return None
    finally:
        if os.path.exists(trace):
            os.remove(trace)


# Every target of issue 11 a run missed: (what, ratio, target, of what, profile lines).
TARGETS = []
PROFILE = {"enabled": False, "commands": 3}


def profiled(missed):
    """The misses, the slowest few (by how far they are over) with a profile each."""
    worst = sorted((m for m in missed if m[4]), key=lambda m: m[1] / m[2], reverse=True)
    chosen = {id(m) for m in worst[:PROFILE["commands"]]} if PROFILE["enabled"] else set()
    return [(what, ratio, target, unit, profile(command) if id(m) in chosen else [])
            for m in missed for (what, ratio, target, unit, command) in [m]]


def profile(command):
    """The functions a command spends its time in (perf, self time), the top eight."""
    data = tempfile.mktemp(prefix="bookclub-perf-")
    try:
        run(["perf", "record", "-q", "-F", "5000", "-o", data, "--"] + command,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        report = run(["perf", "report", "-i", data, "--no-children", "--sort", "dso,sym",
                      "--stdio"], capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    finally:
        if os.path.exists(data):
            os.remove(data)
    rows = [line.split(None, 3) for line in report.splitlines() if line.strip()[:1].isdigit()]
    return [f"{row[0]} {row[1]} {row[3][:90]}" for row in rows if len(row) == 4][:8]


def targets_section():
    lines = ["### Targets missed", ""]
    if not TARGETS:
        return lines + ["None: every measured ratio is within its target.", ""]
    lines += ["| what | ratio | target | over by |", "| --- | ---: | ---: | ---: |"]
    for what, ratio, target, unit, _ in TARGETS:
        lines.append(f"| {what} ({unit}) | {ratio:.2f} | {target:.2f} | "
                     f"{(ratio / target - 1) * 100:.0f}% |")
    for what, ratio, _, unit, top in TARGETS:
        if top:
            lines += ["", f"Where `{what}` spends its time (perf, self time):", "", "```"]
            lines += top + ["```"]
    return lines + [""]


# The export formats timed against the floor of what export reads.
SERVICES = ["goodreads", "storygraph", "hardcover", "bookwyrm"]
# Each file shape of the bulk work: the generator and what the table calls it.
SHAPES = [("synthetic", "export_file", "write_goodreads",
           "short rows, alike: one shelf, one short review each"),
          ("real-shaped", "real_export", "write_real_goodreads",
           "rows with the distributions of fifteen real exports (bench/README.md)")]


def bulk_section(tools, work, rows, runs, shape):
    """Import, re-import, list --all --json and every export of one file shape, each beside
    its floors; then every service's own export file imported into an empty library."""
    name, module, function, description = shape
    sys.path.insert(0, BENCH)
    from importlib import import_module
    write_export = getattr(import_module(module), function)
    csv = os.path.join(work, f"goodreads-{name}.csv")
    write_export(csv, rows)
    library = os.path.join(work, f"bulk-{name}.sqlite")
    bookclub = tools["bookclub"]
    commands = bulk_commands(bookclub, csv, library)
    import_cmd, list_all = commands["bookclub import"], commands["bookclub list --all --json"]
    before = {}
    if "baseline" in tools:
        before = {BEFORE + case: command for case, command in
                  bulk_commands(tools["baseline"], csv,
                                os.path.join(work, f"bulk-{name}-before.sqlite")).items()}
    plain = os.path.join(work, f"plain-{name}.sqlite")
    sqlite_import = ["sh", "-c", f'rm -f "{plain}"; exec sqlite3 "{plain}" '
                                 f'".import --csv {csv} books"']
    # The schema's floor copies the rows of the library the import makes: one import first,
    # then the import and both floors in the same rounds.
    run(import_cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    imports = [("bookclub import", import_cmd), ("sqlite3 .import", sqlite_import),
               (SCHEMA_FLOOR, schema_floor_command(work, library))]
    imports += [(case, before[case]) for case in [BEFORE + "bookclub import"] if before]
    samples = measure_rounds(tools, imports, runs)
    results = summarize(samples)
    again = "bookclub import (again, unchanged)"
    samples.update(measure_rounds(tools, [(again, commands[again])] + (
        [(BEFORE + again, before[BEFORE + again])] if before else []), runs))
    reimport = summarize(samples)
    dumped = [(case, commands[case]) for case in commands
              if case.startswith("bookclub list") or case.startswith("bookclub export")]
    dumped += [
        # The ten members list writes: the book's columns and its latest progress.
        ("sqlite3 -json (the same columns)", ["sqlite3", "-json", library,
                                              f"SELECT {LIST_COLUMNS} FROM books b ORDER BY b.id;"]),
        (EXPORT_FLOOR, ["sqlite3", "-json", library, EXPORT_SQL]),
    ]
    dumped += [(BEFORE + case, before[BEFORE + case]) for case, _ in dumped
               if BEFORE + case in before]
    samples.update(measure_rounds(tools, dumped, runs))
    dump = {case: value for case, value in summarize(samples).items()
            if case in dict(dumped) and not case.startswith(BEFORE)}
    if before:
        for case in [c for c in commands if c.startswith("bookclub")]:
            COMPARED.append((f"{case[len('bookclub '):]} at {rows:,} {name} rows",
                             paired_ratio(samples, case)))
    at = f"at {rows:,} {name} rows"
    schema_floor = results[SCHEMA_FLOOR][0]
    dot_import = results["sqlite3 .import"][0]
    lines = [f"### Bulk: a Goodreads export of {rows:,} {name} rows", "",
             f"{description[0].upper() + description[1:]}; {os.path.getsize(csv) / 2**20:.1f} MiB.", "",
             "| command | median s | peak MiB | × floor | floor |", "| --- | ---: | ---: | ---: | --- |"]
    for case, floor in [("bookclub import", SCHEMA_FLOOR), ("bookclub import", "sqlite3 .import"),
                        ("sqlite3 .import", None), (SCHEMA_FLOOR, "sqlite3 .import")]:
        ms, mib = results[case]
        ratio = f"{ms / results[floor][0]:.2f}" if floor else ""
        lines.append(f"| {case} | {ms / 1000:.2f} | {mib:.1f} | {ratio} | {floor or ''} |")
    ms, mib = reimport[again]
    lines.append(f"| {again} | {ms / 1000:.2f} | {mib:.1f} | {ms / dot_import:.2f} | sqlite3 .import |")
    json_floor = dump["sqlite3 -json (the same columns)"][0]
    export_floor = dump[EXPORT_FLOOR][0]
    for case, (ms, mib) in dump.items():
        floor = EXPORT_FLOOR if case.startswith("bookclub export") else "sqlite3 -json (the same columns)"
        ratio = "" if case.startswith("sqlite3") else f"{ms / dump[floor][0]:.2f}"
        lines.append(f"| {case} | {ms / 1000:.2f} | {mib:.1f} | {ratio} | {floor if ratio else ''} |")
    missed = [(f"import {at}", results["bookclub import"][0] / schema_floor, 2.0,
               "× the schema's SQLite work", import_cmd),
              (f"import {at} (× .import)", results["bookclub import"][0] / dot_import, 6.0,
               "× sqlite3 .import", None),
              (f"import again, unchanged, {at}", reimport[again][0] / dot_import, 1.5,
               "× sqlite3 .import", None),
              (f"list --all --json {at}", dump["bookclub list --all --json"][0] / json_floor, 1.0,
               "× sqlite3 -json", list_all)]
    for case in [c for c in dump if c.startswith("bookclub export")]:
        missed.append((f"{case[len('bookclub '):]} {at}", dump[case][0] / export_floor, 1.5,
                       "× sqlite3 -json of what export reads", commands[case]))
    MEMORY.append((f"import {at}", results["bookclub import"][1]))
    TARGETS.extend(profiled([m for m in missed if m[1] > m[2]]))
    lines += ["", f"The import's floors: the SQLite work its schema asks for (the same rows, "
              "already made, moved into an empty library of bookclub's schema in one statement "
              "per table, its insert triggers set aside as the import does, its foreign keys "
              "checked as every bookclub connection checks them) and `sqlite3 .import` of the "
              f"file into one table of text. The schema's work alone is {schema_floor / dot_import:.1f}× "
              "`.import`."]
    lines += [""] + service_imports(tools, work, library, name, runs)
    return lines + [""] + written_section(library, plain)


def service_imports(tools, work, library, name, runs):
    """Each service's export of the library, imported into an empty library, beside
    `sqlite3 .import` of the same file."""
    cases = []
    for service in SERVICES:
        exported = os.path.join(work, f"{name}-{service}.csv")
        run([tools["bookclub"], "export", "--format", service, "--output", exported,
             "--library", library], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        target = os.path.join(work, f"{name}-{service}.sqlite")
        table = os.path.join(work, f"{name}-{service}-plain.sqlite")
        cases.append((f"bookclub import ({service})",
                      ["sh", "-c", f'rm -f "{target}"*; exec "{tools["bookclub"]}" import '
                                   f'"{exported}" --library "{target}"']))
        cases.append((f"sqlite3 .import ({service})",
                      ["sh", "-c", f'rm -f "{table}"; exec sqlite3 "{table}" '
                                   f'".import --csv {exported} books"']))
    results = measure_group(tools, cases, runs)
    lines = ["Each service's export of this library, imported into an empty library:", "",
             "| file | import s | peak MiB | `.import` s | × `.import` |",
             "| --- | ---: | ---: | ---: | ---: |"]
    for service in SERVICES:
        ms, mib = results[f"bookclub import ({service})"]
        floor = results[f"sqlite3 .import ({service})"][0]
        lines.append(f"| {service} | {ms / 1000:.2f} | {mib:.1f} | {floor / 1000:.2f} | {ms / floor:.2f} |")
        MEMORY.append((f"import of the {service} export at {name} rows", mib))
    return lines


def bulk_commands(bookclub, csv, library):
    """The bulk commands of one binary on its own library, by name; the import starts
    from no library each time."""
    commands = {
        "bookclub import": ["sh", "-c", f'rm -f "{library}"*; exec "{bookclub}" import '
                                        f'"{csv}" --library "{library}"'],
        "bookclub import (again, unchanged)": [bookclub, "import", csv, "--library", library],
        "bookclub list --all --json": [bookclub, "list", "--all", "--json", "--library", library],
        "bookclub export": [bookclub, "export", "--library", library],
    }
    for service in SERVICES:
        commands[f"bookclub export --format {service}"] = [
            bookclub, "export", "--format", service, "--library", library]
    return commands


def other_benchmarks(tools, work, runs):
    """The club, sync and ingest benchmarks, each run as its own script does, their tables
    put here: `bench/run --all` gives every bulk path in one file."""
    lines = []
    for script, options in [("club.py", ["--runs", str(max(1, runs // 2))]),
                            ("sync.py", ["--runs", str(runs), "--binary", tools["bookclub"]]),
                            ("ingest.py", ["--runs", str(runs), "--binary", tools["bookclub"]])]:
        output = os.path.join(work, script + ".md")
        run([sys.executable, os.path.join(BENCH, script), "--output", output] + options,
            stdout=subprocess.DEVNULL)
        with open(output) as report:
            text = report.read().splitlines()
        # Their titles become sections of this file.
        lines += [("### " + line[2:]) if line.startswith("# ") else line for line in text] + [""]
    return lines


# Every bulk path's peak memory: (what, MiB).
MEMORY = []


def large_import_memory(tools, work, rows):
    """One import of `rows` real-shaped rows into no library: its peak, for the bound."""
    sys.path.insert(0, BENCH)
    import real_export
    csv = os.path.join(work, f"real-{rows}.csv")
    real_export.write_real_goodreads(csv, rows)
    library = os.path.join(work, f"real-{rows}.sqlite")
    ms, mib, status = launch(tools, ["sh", "-c", f'rm -f "{library}"*; exec "{tools["bookclub"]}" '
                                                 f'import "{csv}" --library "{library}"'])
    if status != 0:
        sys.exit(f"import of {rows:,} real-shaped rows failed ({status})")
    MEMORY.append((f"import at {rows:,} real-shaped rows ({ms / 1000:.0f} s; bound 256 MiB)", mib))
    for path in [csv] + [library + suffix for suffix in ["", "-wal", "-shm", ".lock"]]:
        if os.path.exists(path):
            os.remove(path)


def memory_section():
    """Every bulk path's peak, beside the bound: an import of real-shaped rows under
    256 MiB."""
    if not MEMORY:
        return []
    lines = ["### Peak memory of the bulk paths", "", "| path | peak MiB |", "| --- | ---: |"]
    lines += [f"| {what} | {mib:.1f} |" for what, mib in MEMORY]
    return lines + [""]


def compared_section(baseline):
    """Every command beside the baseline's, paired round by round."""
    lines = [f"### Before and after: `--baseline {baseline}`", "",
             "Each command was run by both binaries in the same rounds, each on a library it "
             "made of the same rows; the ratio is the median of the rounds' ratios (after / "
             "before), so the machine's drift cancels.", "",
             "| command | × before |", "| --- | ---: |"]
    lines += [f"| {what} | {ratio:.2f} |" for what, ratio in COMPARED]
    slower = [what for what, ratio in COMPARED if ratio > 1.05]
    lines += ["", f"Slower than before by more than 5%: {', '.join(slower)}." if slower
              else "No command is slower than before by more than 5%."]
    return lines + [""]


def written_section(library, plain):
    """What the import leaves on disk, part by part, beside sqlite3 .import's one table:
    most of an import's time goes into writing these bytes."""
    sizes = {}
    query = ("SELECT coalesce((SELECT tbl_name FROM sqlite_schema m WHERE m.name = s.name), "
             "s.name), s.name, sum(s.pgsize) FROM dbstat s GROUP BY s.name;")
    out = run(["sqlite3", "-separator", "|", library, query], capture_output=True,
              text=True).stdout
    for line in out.splitlines():
        table, name, size = line.rsplit("|", 2)
        if table.startswith("book_search"):
            part = "the search index (FTS5, trigram)"
        elif table == "book_sources":
            part = "book_sources: each row as written and as read, for the export and the next merge"
        elif table == "books":
            part = "books" if name == "books" else "books' indexes (a sort or filter each)"
        elif table in ("book_details", "book_tags", "book_readings"):
            part = "details, tags and readings, with their indexes"
        else:
            part = "the rest"
        sizes[part] = sizes.get(part, 0) + int(size)
    plain_size = os.path.getsize(plain) if os.path.exists(plain) else 0
    total = sum(sizes.values())
    lines = ["What the import writes, beside `sqlite3 .import`'s one table of text columns "
             "(`dbstat`):", "", "| part | MiB |", "| --- | ---: |"]
    for part, size in sorted(sizes.items(), key=lambda item: -item[1]):
        lines.append(f"| {part} | {size / 2**20:.1f} |")
    lines.append(f"| **the library** | **{total / 2**20:.1f}** |")
    lines.append(f"| sqlite3 .import's file | {plain_size / 2**20:.1f} |")
    if plain_size:
        lines += ["", f"The library holds {total / plain_size:.1f}× the bytes of `.import`'s "
                  "table, and in WAL mode each byte is written twice (to the log, then at the "
                  "checkpoint into the file)."]
    return lines


SCHEMA_FLOOR = "sqlite3: the same books into bookclub's schema, set-based"
# What list --all --json writes of each book, as the sqlite3 shell reads it.
LIST_COLUMNS = ("b.id, b.title, b.authors, b.isbn10, b.isbn13, b.page_count, b.status, "
                "b.added_ms, b.updated_ms, (SELECT p.progress FROM progress_entries p "
                "WHERE p.book_id = b.id AND p.kind = 'progress' ORDER BY p.time_ms DESC LIMIT 1)")
# Export's floor: every column the export reads, table by table, as sqlite3 dumps them
# (list --all --json's floor is the ten columns it writes).
EXPORT_FLOOR = "sqlite3 -json (every column export reads)"
EXPORT_SQL = " ".join([
    "SELECT id, title, authors, isbn10, isbn13, page_count, status, added_ms, updated_ms, "
    "format, length_s FROM books ORDER BY id;",
    "SELECT book_id, id, progress, time_ms, note, kind FROM progress_entries "
    "ORDER BY book_id, time_ms, rowid;",
    "SELECT book_id, rating, review, tags, readings, read_count, publisher, publication_year, "
    "binding, private_notes, edition_year, contributors, identifiers, author_last_first, "
    "date_added_unknown, spoiler, series, up_next, moods, pace, warnings, warning_note, owned, "
    "work FROM book_details ORDER BY book_id;",
    "SELECT book_id, source, source_id FROM book_sources ORDER BY book_id;",
    "SELECT book_id, status, time_ms FROM status_changes ORDER BY book_id, time_ms, rowid;",
    "SELECT * FROM book_events ORDER BY book_id, rowid;",
    "SELECT book_id, source, base_fields, base_columns FROM book_sources "
    "WHERE base_fields IS NOT NULL ORDER BY book_id;",
    "SELECT * FROM highlights ORDER BY book_id;",
    "SELECT * FROM reading_sessions ORDER BY book_id;",
])


# The tables an import writes, in an order their foreign keys accept.
IMPORTED_TABLES = ["books", "book_details", "book_tags", "book_readings", "book_series",
                   "book_moods", "book_sources", "status_changes", "progress_entries",
                   "highlights", "reading_sessions", "book_events", "library_changes",
                   "library_change_members"]


def schema_floor_command(work, library):
    """What SQLite alone spends writing the import's rows into bookclub's tables and
    indexes: the rows of the imported library, copied in one statement per table into an
    empty library of the same schema."""
    name = os.path.splitext(os.path.basename(library))[0]
    empty = os.path.join(work, f"{name}-empty-schema.sqlite")
    shutil.copy(library, empty)
    run(["sqlite3", empty, "PRAGMA foreign_keys = OFF; "
         + " ".join(f"DELETE FROM {table};" for table in reversed(IMPORTED_TABLES))
         + " INSERT INTO book_search (book_search) VALUES ('delete-all'); "
         "UPDATE book_counts SET books = 0; VACUUM;"])
    target = os.path.join(work, f"{name}-schema-floor.sqlite")
    # Foreign keys on: bookclub's schema declares them and every connection enforces them.
    sql = ("PRAGMA cache_size = -65536; PRAGMA foreign_keys = ON; ATTACH '{library}' AS bulk; "
           "BEGIN; DROP TRIGGER books_counted_on_insert; DROP TRIGGER books_searched_on_insert; "
           + " ".join(f"INSERT INTO {table} SELECT * FROM bulk.{table};" for table in IMPORTED_TABLES)
           + " INSERT INTO book_search (rowid, search_text) SELECT id, search_text FROM books; "
           "UPDATE book_counts SET books = (SELECT count(*) FROM books "
           "WHERE books.status = book_counts.status); COMMIT;").format(library=library)
    return ["sh", "-c", f'rm -f "{target}"*; cp "{empty}" "{target}" && exec sqlite3 "{target}" "{sql}"']


def peers_section(tools, work, books, runs):
    """bookclub's first page beside calibre's `calibredb list` and libro's `libro book` (its
    latest 20 books), each on a library of the same size."""
    calibredb, libro = shutil.which("calibredb"), shutil.which("libro")
    if not calibredb or not libro:
        sys.exit("--peers needs calibredb (apt-get install calibre) and libro "
                 "(pip install libro-book) on PATH")
    library = os.path.join(work, f"peers-{books}.sqlite")
    make_library(tools["bookclub"], library, books, books // 10)
    calibre = os.path.join(work, f"calibre-{books}")
    os.makedirs(calibre)
    run(["calibre-debug", os.path.join(BENCH, "peers", "calibre_library.py"), "--", calibre,
         str(books)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # libro makes its own schema when asked to; the rows go in as bookclub's do.
    libro_db = os.path.join(work, f"libro-{books}.db")
    run([libro, "--db", libro_db, "book"], input="y\n", text=True, stdout=subprocess.DEVNULL)
    run(["sqlite3", libro_db], text=True, input=f"""
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {books})
    INSERT INTO books (title, author, pub_year, pages, genre)
    SELECT 'Book ' || printf('%07d', (i * 7919) % {books}), 'Author ' || (i % 997), 2001,
           100 + i % 900, 'fiction' FROM n;
    INSERT INTO reviews (book_id, date_read, rating, review)
    SELECT id, '2024-03-01', id % 6, 'a review' FROM books WHERE id % 3 = 0;
    """)
    results = measure_group(tools, [
        ("bookclub list", [tools["bookclub"], "list", "--library", library]),
        ("calibredb list --limit 30", [calibredb, "list", "--limit", "30",
                                       "--library-path", calibre]),
        ("libro book", [libro, "--db", libro_db, "book"]),
    ], runs)
    base = results["bookclub list"][0]
    lines = [f"### Peers: {books:,} books", "",
             "| command | median ms | peak MiB | × bookclub |", "| --- | ---: | ---: | ---: |"]
    for name, (ms, mib) in results.items():
        lines.append(f"| {name} | {ms:.1f} | {mib:.1f} | {ms / base:.1f} |")
    return lines


def report(path, lines):
    """Writes a results file and prints it."""
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def write_report(path, lines):
    """Writes a benchmark's report to `path` and prints it."""
    with open(path, "w") as file:
        file.write("\n".join(lines))
    print("\n".join(lines))


def machine():
    model = ""
    try:
        with open("/proc/cpuinfo") as info:
            model = next(l.split(":", 1)[1].strip() for l in info if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    swift = run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    sqlite = run(["sqlite3", "--version"], capture_output=True, text=True).stdout.split()[0]
    return (f"{platform.system()} {platform.release()}, {os.cpu_count()} cores ({model}); "
            f"{swift}; SQLite {sqlite}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="1000,100000,1000000")
    parser.add_argument("--bulk-rows", type=int, default=100_000)
    parser.add_argument("--memory-rows", type=int, default=None,
                        help="rows of the one real-shaped import whose peak is set against "
                             "the 256 MiB bound (default 1,000,000 with --all, else none)")
    parser.add_argument("--peers", action="store_true",
                        help="add calibredb and libro beside bookclub")
    parser.add_argument("--peer-sizes", default="1000",
                        help="library sizes for --peers (calibre adds about 60 books/s)")
    parser.add_argument("--no-profile", action="store_true",
                        help="do not profile the commands that miss their targets")
    parser.add_argument("--output", default=os.path.join(BENCH, "RESULTS.md"))
    parser.add_argument("--cases", default="",
                        help="run only the commands whose names match this expression")
    parser.add_argument("--all", action="store_true",
                        help="add the club, device sync and e-reader ingest benchmarks "
                             "(bench/club, bench/sync, bench/ingest) at their full sizes")
    parser.add_argument("--baseline", default="",
                        help="a bookclub binary, or a git revision to build as README "
                             "installs, whose every command is timed in the same rounds")
    args = parser.parse_args()
    if args.memory_rows is None:
        args.memory_rows = 1_000_000 if args.all else 0
    CASES["pattern"] = args.cases
    PROFILE["enabled"] = not args.no_profile and shutil.which("perf") is not None
    work = tempfile.mkdtemp(prefix="bookclub-bench-")
    try:
        tools = build(work)
        if args.baseline:
            tools["baseline"] = baseline_binary(args.baseline, work)
            read_from_disk([tools["baseline"]])  # the copy sits in the cache as `cp` left it
        lines = ["# Benchmark results", "",
                 f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
                 f"{machine()}.", "",
                 f"`bench/run {' '.join(sys.argv[1:])}`: median of {args.runs} runs after a warm-up, "
                 "every command of a table interleaved with the others and its floors, each "
                 "process measured alone (`launch.c`). The binary is the one README installs "
                 f"(`{' '.join(INSTALL)}`).", ""]
        sizes = [int(size) for size in args.sizes.split(",") if size]
        for books in sizes:
            lines += size_section(tools, work, books, books // 10, args.runs) + [""]
            print("\n".join(lines[-30:]), flush=True)
        if 1_000_000 in sizes:
            lines += size_section(tools, work, 1_000_000, 10, args.runs) + [""]
        if args.peers:
            for books in [int(size) for size in args.peer_sizes.split(",")]:
                lines += peers_section(tools, work, books, args.runs) + [""]
        if args.bulk_rows:
            for shape in SHAPES:
                lines += bulk_section(tools, work, args.bulk_rows, max(3, args.runs // 2),
                                      shape) + [""]
        if args.memory_rows:
            large_import_memory(tools, work, args.memory_rows)
        lines += memory_section()
        if args.all:
            lines += other_benchmarks(tools, work, args.runs)
        if args.baseline:
            lines += compared_section(args.baseline)
        lines += targets_section()
        with open(args.output, "w") as out:
            out.write("\n".join(lines))
        print("\n".join(lines))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

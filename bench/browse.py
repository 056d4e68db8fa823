#!/usr/bin/env python3
"""The browser's speed at a million books: frame time after a key (handle, render, diff,
write) and search as you type (keystroke to the frame that shows its result), written to
bench/BROWSE.md.

`bookclub browse` runs in tmux at 80×24 on a generated library, with
BOOKCLUB_BROWSE_TIMINGS naming a file where it writes each frame's time as it draws it.
Keys are sent with pauses long enough for each result to land, so every search keystroke
is measured. The floor, in the same run: the sqlite3 shell reading the same page of the
same file for the same search (the first page: 63 books at 80×24, with LIKE), process start
included.
The count after "of" comes after the page, in a request of its own that the next keystroke
cancels; it is not part of the search time.

Usage: bench/browse [--books 1000000] [--runs 3]
"""
import argparse
import datetime
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402  (the build and the generated libraries are shared)

FRAME_BUDGET_MS = 16
SEARCH_BUDGET_MS = 50
# Typed one character at a time: a common word first (most books hold it), then a rare
# one (the trigram index), then an author.
SEARCHES = ["book 0004242", "author 99"]


class Tmux:
    def __init__(self, work, command, environment):
        # A server per session: a socket of a server just killed may linger.
        self.socket = tempfile.mktemp(prefix="tmux-", suffix=".sock", dir=work)
        self.environment = environment
        self.tmux("new-session", "-d", "-s", "bench", "-x", "80", "-y", "24",
                  " ".join(command) + "; sleep 60", quiet=True)

    def tmux(self, *arguments, quiet=False):
        return subprocess.run(["tmux", "-S", self.socket, "-f", "/dev/null", *arguments],
                              env=self.environment, text=True, check=True,
                              stdout=subprocess.DEVNULL if quiet else subprocess.PIPE,
                              stderr=subprocess.DEVNULL).stdout

    def screen(self):
        return self.tmux("capture-pane", "-p", "-t", "bench")

    def wait_for(self, text, seconds=60):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if text in self.screen():
                return
            time.sleep(0.02)
        sys.exit(f"browse never showed {text!r}:\n{self.screen()}")

    def press(self, *keys, pause=0.05):
        for key in keys:
            self.tmux("send-keys", "-t", "bench", key)
            time.sleep(pause)

    def type(self, text, pause):
        for character in text:
            self.tmux("send-keys", "-t", "bench", "-l", character)
            time.sleep(pause)

    def close(self):
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], stderr=subprocess.DEVNULL)


def session(tools, work, library, books):
    """One browse session; returns the frame times and search times, in ms."""
    timings = os.path.join(work, "timings.txt")
    environment = dict(os.environ, TERM="xterm-256color", BOOKCLUB_BROWSE_TIMINGS=timings)
    tmux = Tmux(work, [tools["bookclub"], "browse", "--library", library], environment)
    try:
        tmux.wait_for(f" of {books}")
        tmux.press(*["j"] * 40, pause=0.02)
        tmux.press(*["PageDown"] * 12, pause=0.1)
        tmux.press(*["End"] * 3, pause=0.4)
        tmux.press(*["PageUp"] * 10, pause=0.05)
        tmux.press("Home", "Enter", pause=0.3)
        tmux.press("Escape", pause=0.1)
        tmux.press("2", "3", "4", "5", "1", "s", "s", pause=0.6)
        for search in SEARCHES:
            tmux.press("/")
            tmux.type(search, pause=0.35)
            tmux.press("Escape", "Escape", pause=0.6)
        tmux.press("q", pause=0.3)
    finally:
        tmux.close()
    frames, searches = [], []
    with open(timings) as lines:
        for line in lines:
            kind, microseconds, *text = line.rstrip("\n").split(" ", 2)
            if kind == "key":
                frames.append(int(microseconds) / 1000)
            else:
                searches.append((int(microseconds) / 1000, text[0] if text else ""))
    return frames, searches


def search_floor(tools, library, runs):
    """The sqlite3 shell reading each typed search's first page (63 rows at 80×24, what the browser
    shows before its count arrives) with LIKE, in ms per key."""
    times = []
    for search in SEARCHES:
        for end in range(1, len(search) + 1):
            words = search[:end].split()
            if not words:
                continue
            where = "WHERE " + " AND ".join(f"b.search_text LIKE '%{w}%'" for w in words)
            sql = suite.page_sql(where, count="").replace("LIMIT 31", "LIMIT 64")
            samples = [suite.launch(tools, ["sqlite3", library, sql])[0] for _ in range(runs)]
            times.append(statistics.median(samples))
    return times


def summary(values):
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return statistics.median(ordered), p95, ordered[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--books", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--output", default=os.path.join(suite.BENCH, "BROWSE.md"))
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        sys.exit("bench/browse needs tmux (apt-get install tmux)")
    work = tempfile.mkdtemp(prefix="bookclub-browse-bench-")
    try:
        tools = suite.build(work)
        library = os.path.join(work, "library.sqlite")
        suite.make_library(tools["bookclub"], library, args.books, args.books // 10)
        frames, searches = [], []
        for _ in range(args.runs):
            more_frames, more_searches = session(tools, work, library, args.books)
            frames += more_frames
            searches += more_searches
        floor = search_floor(tools, library, args.runs)
        frame = summary(frames)
        search = summary([ms for ms, _ in searches])
        slowest = sorted(searches, reverse=True)[:3]
        floor_median = statistics.median(floor)
        lines = [
            "# Browser benchmark", "",
            f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
            f"{suite.machine()}.", "",
            f"`bench/browse {' '.join(sys.argv[1:])}`: `bookclub browse` in tmux at 80×24 on "
            f"{args.books:,} books, {args.runs} sessions of {len(frames) // args.runs} keys "
            "(moves, pages, End, tabs, sorts, the detail pane, two searches typed a "
            "character at a time). Times are the browser's own, written as it draws.", "",
            "| | median | p95 | max | budget |",
            "|---|---|---|---|---|",
            f"| frame after a key (handle + render + diff + write), {len(frames)} keys | "
            f"{frame[0]:.2f} ms | {frame[1]:.2f} ms | {frame[2]:.2f} ms | {FRAME_BUDGET_MS} ms |",
            f"| search as you type, keystroke to result on screen, {len(searches)} keys | "
            f"{search[0]:.1f} ms | {search[1]:.1f} ms | {search[2]:.1f} ms | "
            f"{SEARCH_BUDGET_MS} ms |",
            f"| floor: sqlite3 shell, the same first page with LIKE, {len(floor)} prefixes | "
            f"{floor_median:.1f} ms | {summary(floor)[1]:.1f} ms | {max(floor):.1f} ms | |",
            "",
            f"Search median is {search[0] / floor_median:.2f}× the sqlite3 shell's. "
            "Slowest keystrokes: " + ", ".join(f"`{text}` {ms:.1f} ms" for ms, text in slowest)
            + ".",
        ]
        suite.report(args.output, lines)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A stand-in for openlibrary.org for bookclub's tests: fixture records, and ISBNs that
misbehave on purpose. Binds 127.0.0.1 on a free port and prints it, then serves until
its parent (the test process) is gone. Given a path, it keeps there the number of requests
it has been sent."""
import email.utils
import http.server
import json
import os
import sys
import threading
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hardcover_standin  # noqa: E402

# Nothing of the test process may live on here (it starts this with every descriptor
# close-on-exec, but another thread may open one meanwhile): a descriptor of another test's
# pipe, or of Foundation's watch on a child, would keep that test waiting while this runs.
os.closerange(3, os.sysconf("SC_OPEN_MAX"))

COVER = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                          "ImageDecodingTests", "Fixtures", "jpeg-420.jpg"), "rb").read()


def claiming(side):
    """The cover with its frame header (SOF0) claiming `side` × `side`: its data ends long
    before such an image would."""
    frame = COVER.index(b"\xff\xc0")
    size = bytes([side >> 8, side & 0xFF, side >> 8, side & 0xFF])
    return COVER[:frame + 5] + size + COVER[frame + 9:]


def png_bomb(side):
    """A PNG of `side` × `side` 16-bit RGBA pixels, all zero: 4096 a side is 128 MiB of
    pixels in about 130 KB. A mebibyte of zeros is compressed once, flushed so that the
    next starts afresh, and its bytes repeated: milliseconds of work, not seconds."""
    def chunk(kind, data):
        return (len(data).to_bytes(4, "big") + kind + data
                + zlib.crc32(kind + data).to_bytes(4, "big"))
    size = side * (1 + side * 8)  # each row: its filter byte (0: none), then the pixels
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    mebibyte = compressor.compress(bytes(1 << 20)) + compressor.flush(zlib.Z_FULL_FLUSH)
    rest = compressor.compress(bytes(size % (1 << 20))) + compressor.flush()
    adler = (size % 65521) << 16 | 1  # of zeros: a stays 1, b adds it once a byte
    stream = b"\x78\x01" + mebibyte * (size >> 20) + rest + adler.to_bytes(4, "big")
    header = side.to_bytes(4, "big") * 2 + bytes([16, 6, 0, 0, 0])
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", stream)
            + chunk(b"IEND", b""))


# Covers that once held `covers fetch` for minutes, made at start (nothing this size is
# committed).
CLAIMING_COVER, BOMB_COVER = "9780000000156", "9780000000163"
LARGE_COVERS = {CLAIMING_COVER: (claiming(4096), "image/jpeg"),
                BOMB_COVER: (png_bomb(4096), "image/png")}

EDITIONS = {
    "9780141439518": {"title": "Pride and Prejudice", "subtitle": "",
                      "authors": [{"key": "/authors/OL21594A"}], "number_of_pages": 480,
                      "publishers": ["Penguin Classics"], "publish_date": "January 30, 2003",
                      "subjects": ["Courtship", "Sisters"]},
    # Control characters in the data: bookclub must not print them raw.
    "9780140449136": {"title": "Crime and\u001b[31m Punishment",
                      "authors": [{"key": "/authors/OL22242A"}], "number_of_pages": 671},
    # Two editions of one work, in a series (as catalogues write it), and a publisher's
    # series that is no series a reader follows.
    "9780000000170": {"title": "The Fifth Season", "authors": [{"key": "/authors/OL7313085A"}],
                      "works": [{"key": "/works/OL17804339W"}],
                      "series": ["The Broken Earth ; bk. 1", "Orbit paperbacks"]},
    "9780000000187": {"title": "The Fifth Season", "authors": [{"key": "/authors/OL7313085A"}],
                      "works": [{"key": "/works/OL17804339W"}],
                      "physical_format": "Audio CD", "series": ["The Broken Earth (1)"]},
    # A title with nothing to see in it: no book can be made of it.
    "9780000000149": {"title": "\u0000\u0000", "authors": [{"key": "/authors/OL21594A"}]},
}
AUTHORS = {"OL21594A": {"name": "Jane Austen"}, "OL22242A": {"name": "Fyodor Dostoevsky"},
           "OL7313085A": {"name": "N. K. Jemisin"}}
UNKNOWN, SLOW, GARBAGE, BUSY, BROKEN, HUGE = (
    "9780000000002", "9780000000019", "9780000000026", "9780000000033", "9780000000040",
    "9780000000057")
CUT, MOVED = "9780000000064", "9780000000071"
# Answers that never end or end far too slowly, and waits asked for in odd words.
TRICKLE, ENDLESS, TRICKLING_AUTHORS = "9780000000088", "9780000000095", "9780000000132"
RETRY_AFTER = {"9780000000101": "-5", "9780000000118": "99999999999999999999999",
               "9780000000125": "date"}


REQUESTS = 0
COUNTING = threading.Lock()


def count_requests():
    """Counts a request before it is answered: a test asking afterwards sees every one."""
    global REQUESTS
    with COUNTING:
        REQUESTS += 1
        if len(sys.argv) > 1:
            with open(sys.argv[1] + ".new", "w") as file:
                file.write(str(REQUESTS))
            os.replace(sys.argv[1] + ".new", sys.argv[1])


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        """Hardcover's GraphQL API (hardcover_standin.py), and the tests' door to its state."""
        count_requests()
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        path = self.path.split("?")[0]
        if path.startswith("/hardcover-test/"):
            return self.send(200, hardcover_standin.control("POST", path, body))
        if path != "/v1/graphql":
            return self.send(404, b"{}")
        status, headers, reply = hardcover_standin.answer(self.headers, body)
        return self.send(status, reply, headers=headers)

    def do_GET(self):
        count_requests()
        if not self.headers.get("User-Agent", "").startswith("bookclub/"):
            return self.send(403, b'{"error": "say who you are"}')
        path = self.path.split("?")[0]
        if path.startswith("/b/isbn/"):
            return self.cover(path[len("/b/isbn/"):].split("-")[0])
        if path.startswith("/authors/OLTRICKLE"):
            return self.trickle()
        if path.startswith("/authors/") and path.endswith(".json"):
            author = AUTHORS.get(path[len("/authors/"):-len(".json")])
            return self.send(200, json.dumps(author).encode()) if author else self.send(404, b"{}")
        if not (path.startswith("/isbn/") and path.endswith(".json")):
            return self.send(404, b"{}")
        isbn = path[len("/isbn/"):-len(".json")]
        if isbn in EDITIONS:
            return self.send(200, json.dumps(EDITIONS[isbn]).encode())
        if isbn == SLOW:
            time.sleep(5)
            return self.send(200, json.dumps(EDITIONS["9780141439518"]).encode())
        if isbn == GARBAGE:
            return self.send(200, b"<html>not json</html>", "text/html")
        if isbn == BUSY:
            return self.send(429, b"{}", headers=[("Retry-After", "30")])
        if isbn == BROKEN:
            return self.send(500, b"{}")
        if isbn == HUGE:
            return self.send(200, b"[" + b"1," * 6_000_000 + b"1]")
        if isbn == CUT:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "5000")
            self.end_headers()
            self.wfile.write(b'{"title": "Pri')
            self.wfile.flush()
            self.close_connection = True
            return
        if isbn in (TRICKLE, ENDLESS, TRICKLING_AUTHORS) or isbn in RETRY_AFTER:
            return self.misbehave(isbn)
        if isbn == MOVED:
            self.send_response(302)
            self.send_header("Location", "/isbn/9780141439518.json")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        return self.send(404, b'{"error": "notfound"}')

    def misbehave(self, isbn):
        """A body of one byte a second; a body without end; twenty authors whose records
        trickle; a 429 whose Retry-After is negative, absurdly large or an HTTP date (a
        minute and a half from now)."""
        if isbn == TRICKLE:
            return self.trickle()
        if isbn == TRICKLING_AUTHORS:
            edition = dict(EDITIONS["9780141439518"])
            edition["authors"] = [{"key": "/authors/OLTRICKLE%dA" % n} for n in range(20)]
            return self.send(200, json.dumps(edition).encode())
        if isbn == ENDLESS:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.close_connection = True
            chunk = b"1," * (1 << 19)
            try:
                while True:
                    self.wfile.write(chunk)
            except OSError:  # the client went away, as it should
                return
        after = RETRY_AFTER[isbn]
        if after == "date":
            after = email.utils.formatdate(time.time() + 90, usegmt=True)
        return self.send(429, b"{}", headers=[("Retry-After", after)])

    def trickle(self):
        """A record that would take a day to come, one byte a second, until the client
        goes away (at most two minutes)."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "86400")
        self.end_headers()
        self.close_connection = True
        try:
            for _ in range(120):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(1)
        except OSError:
            return

    def cover(self, isbn):
        """Pride and Prejudice has a cover (ETag "v1": asked again with it, 304); Crime
        and Punishment's "cover" is a web page; ISBNs from 979-10-0 (a shelf of test books)
        have one that takes a fifth of a second; two have one that took minutes to decode
        whole (a JPEG header claiming 4096², a PNG bomb); the rest have none."""
        if isbn in LARGE_COVERS:
            return self.send(200, *LARGE_COVERS[isbn])
        if isbn.startswith("979100"):
            time.sleep(0.2)
            return self.send(200, COVER, "image/jpeg")
        if isbn == "9780141439518":
            if self.headers.get("If-None-Match") == '"v1"':
                self.send_response(304)
                self.end_headers()
                return
            return self.send(200, COVER, "image/jpeg", [("ETag", '"v1"')])
        if isbn == "9780140449136":
            return self.send(200, b"<html>no</html>", "text/html")
        return self.send(404, b"not found", "text/plain")


def watch_parent(parent):
    """Ends the server when the test process is gone (killed, or ended without stopping
    it), or after ten minutes: a stand-in must never outlive the tests."""
    started = time.monotonic()
    while os.getppid() == parent and time.monotonic() - started < 600:
        time.sleep(0.5)
    os._exit(0)


threading.Thread(target=watch_parent, args=(os.getppid(),), daemon=True).start()
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
try:
    server.serve_forever()
except KeyboardInterrupt:
    pass

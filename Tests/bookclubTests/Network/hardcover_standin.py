"""The part of Hardcover's GraphQL API bookclub uses (https://docs.hardcover.app/api):
`me` with the reader's `user_books` and their reads, `editions` by ISBN, and the
mutations `insert_user_book`, `update_user_book`, `insert_user_book_read`,
`update_user_book_read` and `delete_user_book_read`. Queries are parsed (a small GraphQL
reader: selections, aliases, arguments, variables), not matched as text.

Tests set the account's state with POST /hardcover-test/state, read it back with GET, and
set how the stand-in misbehaves with POST /hardcover-test/knobs: `delay` (seconds before
each mutation is answered), `busy` (how many requests to answer 429), `malformed`,
`huge` (pad each answer to that many bytes), `stranger` (add another user's book)."""
import json
import re
import threading
import time

TOKEN = "hc-test-token-5f1e"
LOCK = threading.Lock()
STATE = {"user": {"id": 7, "username": "ann"}, "books": {}, "editions": {}, "user_books": {},
         "reads": {}, "next_id": 5000, "log": []}
KNOBS = {"delay": 0, "busy": 0, "malformed": False, "huge": 0, "stranger": False}


class GraphQLError(Exception):
    pass


TOKENS = re.compile(r'\s+|,|#[^\n]*|(\.\.\.|[{}()\[\]:$!=@|])|("(?:[^"\\]|\\.)*")|'
                    r'(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([_A-Za-z][_0-9A-Za-z]*)')


def tokens(text):
    found = []
    position = 0
    while position < len(text):
        match = TOKENS.match(text, position)
        if not match or match.end() == position:
            raise GraphQLError("cannot read the query at %d" % position)
        position = match.end()
        punctuator, string, number, name = match.groups()
        if punctuator:
            found.append(("p", punctuator))
        elif string:
            found.append(("s", json.loads(string)))
        elif number:
            found.append(("n", float(number) if "." in number or "e" in number.lower() else int(number)))
        elif name:
            found.append(("name", name))
    return found


class Parser:
    def __init__(self, text, variables):
        self.tokens = tokens(text)
        self.at = 0
        self.variables = variables or {}

    def peek(self, value=None):
        if self.at >= len(self.tokens):
            return None if value is None else False
        token = self.tokens[self.at]
        return token if value is None else token[1] == value and token[0] in ("p", "name")

    def take(self, value=None):
        token = self.peek()
        if token is None or (value is not None and token[1] != value):
            raise GraphQLError("expected %s" % (value or "more"))
        self.at += 1
        return token

    def document(self):
        kind = "query"
        if self.peek() and self.peek()[0] == "name" and self.peek()[1] in ("query", "mutation"):
            kind = self.take()[1]
            if self.peek() and self.peek()[0] == "name":
                self.take()
            if self.peek("("):
                self.take("(")
                while not self.peek(")"):  # declarations: the types are not checked
                    self.take("$"), self.take(), self.take(":")
                    while not (self.peek("$") or self.peek(")")):
                        self.take()
                self.take(")")
        selections = self.selection_set()
        if self.peek() is not None:
            raise GraphQLError("text after the operation")
        return kind, selections

    def selection_set(self):
        self.take("{")
        selections = []
        while not self.peek("}"):
            name = self.take()[1]
            alias = name
            if self.peek(":"):
                self.take(":")
                name = self.take()[1]
            arguments = {}
            if self.peek("("):
                self.take("(")
                while not self.peek(")"):
                    key = self.take()[1]
                    self.take(":")
                    arguments[key] = self.value()
                self.take(")")
            children = self.selection_set() if self.peek("{") else None
            selections.append((alias, name, arguments, children))
        self.take("}")
        return selections

    def value(self):
        kind, value = self.take()
        if kind == "p" and value == "$":
            name = self.take()[1]
            if name not in self.variables:
                raise GraphQLError("variable $%s not given" % name)
            return self.variables[name]
        if kind == "p" and value == "[":
            items = []
            while not self.peek("]"):
                items.append(self.value())
            self.take("]")
            return items
        if kind == "p" and value == "{":
            fields = {}
            while not self.peek("}"):
                key = self.take()[1]
                self.take(":")
                fields[key] = self.value()
            self.take("}")
            return fields
        if kind == "name":
            return {"true": True, "false": False, "null": None}.get(value, value)
        return value


def matches(row, where):
    for key, test in (where or {}).items():
        if key == "_or":
            if not any(matches(row, each) for each in test):
                return False
        elif key == "_and":
            if not all(matches(row, each) for each in test):
                return False
        else:
            value = row.get(key)
            for op, operand in test.items():
                if op == "_eq" and value != operand:
                    return False
                if op == "_gt" and not (value is not None and value > operand):
                    return False
                if op == "_in" and value not in operand:
                    return False
    return True


def select(value, selections):
    if selections is None:
        return value
    if isinstance(value, list):
        return [select(each, selections) for each in value]
    if value is None:
        return None
    return {alias: resolve(value, name, arguments, children)
            for alias, name, arguments, children in selections}


def resolve(row, name, arguments, children):
    if name == "user_books":
        rows = [b for b in STATE["user_books"].values() if b["user_id"] == STATE["user"]["id"]]
        if KNOBS["stranger"]:
            rows.append({"id": 999999, "user_id": 8, "book_id": 424242, "status_id": 3,
                         "title": "Someone Else's Book"})
        rows = sorted((r for r in rows if matches(r, arguments.get("where"))), key=lambda r: r["id"])
        if "limit" in arguments:
            rows = rows[:arguments["limit"]]
        return select(rows, children)
    if name == "user_book_reads":
        reads = sorted((r for r in STATE["reads"].values() if r["user_book_id"] == row["id"]),
                       key=lambda r: r["id"])
        return select(reads, children)
    if name == "book":
        return select(STATE["books"].get(str(row.get("book_id"))), children)
    if name == "edition":
        return select(STATE["editions"].get(str(row.get("edition_id"))), children)
    return select(row.get(name), children)


def run_query(selections):
    data = {}
    for alias, name, arguments, children in selections:
        if name == "me":
            data[alias] = [select(STATE["user"], children)]
        elif name == "editions":
            rows = [e for e in STATE["editions"].values() if matches(e, arguments.get("where"))]
            data[alias] = select(rows, children)
        else:
            raise GraphQLError("field '%s' not found in type: 'query_root'" % name)
    return data


def new_id():
    STATE["next_id"] += 1
    return STATE["next_id"]


READ_FIELDS = ("started_at", "finished_at", "progress_pages", "progress_seconds", "edition_id")


def mutate(name, arguments):
    """One mutation; its answer's `id` and `error` as Hardcover's own mutations give them."""
    STATE["log"].append({"mutation": name, "arguments": arguments})
    if name == "insert_user_book":
        obj = arguments["object"]
        if any(b["book_id"] == obj.get("book_id") and b["user_id"] == STATE["user"]["id"]
               for b in STATE["user_books"].values()):
            return {"id": None, "error": "This book is already in your library"}
        if str(obj.get("book_id")) not in STATE["books"]:
            return {"id": None, "error": "Book not found"}
        row = {"id": new_id(), "user_id": STATE["user"]["id"], "book_id": obj["book_id"],
               "edition_id": obj.get("edition_id"), "status_id": obj.get("status_id", 1),
               "rating": obj.get("rating"), "date_added": time.strftime("%Y-%m-%d"),
               "review_raw": None, "review_has_spoilers": False}
        STATE["user_books"][str(row["id"])] = row
        return {"id": row["id"], "error": None}
    if name == "update_user_book":
        row = STATE["user_books"].get(str(arguments["id"]))
        if row is None or row["user_id"] != STATE["user"]["id"]:
            return {"id": None, "error": "Not found"}
        for key in ("status_id", "rating", "edition_id"):
            if key in arguments["object"]:
                row[key] = arguments["object"][key]
        return {"id": row["id"], "error": None}
    if name == "insert_user_book_read":
        owner = STATE["user_books"].get(str(arguments["user_book_id"]))
        if owner is None:
            return {"id": None, "error": "Not found"}
        read = {"id": new_id(), "user_book_id": owner["id"]}
        for key in READ_FIELDS:
            read[key] = arguments["user_book_read"].get(key)
        STATE["reads"][str(read["id"])] = read
        return {"id": read["id"], "error": None}
    if name == "update_user_book_read":
        read = STATE["reads"].get(str(arguments["id"]))
        if read is None:
            return {"id": None, "error": "Not found"}
        for key in READ_FIELDS:
            if key in arguments["object"]:
                read[key] = arguments["object"][key]
        return {"id": read["id"], "error": None}
    if name == "delete_user_book_read":
        read = STATE["reads"].pop(str(arguments["id"]), None)
        return {"id": read["id"] if read else None}
    raise GraphQLError("field '%s' not found in type: 'mutation_root'" % name)


def answer(headers, body):
    """The status, extra headers and body of an answer to a POST /v1/graphql."""
    if headers.get("Authorization", "") != "Bearer " + TOKEN:
        return 401, [], b'{"error": "Unable to verify token"}'
    with LOCK:
        if KNOBS["busy"] > 0:
            KNOBS["busy"] -= 1
            return 429, [("Retry-After", "0")], b'{"error": "Throttled"}'
        if KNOBS["malformed"]:
            return 200, [], b'{"data": {"me": [{"user_books": [{"id": "seven"'
        request = json.loads(body or b"{}")
        kind = "query"
        try:
            kind, selections = Parser(request.get("query", ""), request.get("variables")).document()
            if kind == "mutation":
                data = {alias: select(mutate(name, arguments), children)
                        for alias, name, arguments, children in selections}
            else:
                data = run_query(selections)
            reply = {"data": data}
        except GraphQLError as error:
            reply = {"errors": [{"message": str(error)}]}
        delay = KNOBS["delay"] if kind == "mutation" else 0
    if delay:
        time.sleep(delay)
    text = json.dumps(reply)
    if KNOBS["huge"]:
        text = text[:-1] + ', "padding": "' + "x" * KNOBS["huge"] + '"}'
    return 200, [], text.encode()


def control(method, path, body):
    """The tests' own door: the account's state and the knobs."""
    with LOCK:
        if path == "/hardcover-test/state" and method == "POST":
            STATE.update(json.loads(body))
        elif path == "/hardcover-test/knobs" and method == "POST":
            KNOBS.update(json.loads(body))
        return json.dumps(STATE).encode()

"""A Goodreads export of N rows shaped like real ones: the distributions measured on fifteen
public exports (bench/README.md, "Real-shaped rows"), with generated text. The file is made
of readers of about 700 rows each, every reader one of the fifteen measured profiles (how
often they review and at what length, how many shelves and of how many names, how often a
title is in a series, which script their titles are in); so 100,000 rows hold what a
service sees, not one reader's habits repeated."""
import random

HEADER = ("Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,"
          "Average Rating,Publisher,Binding,Number of Pages,Year Published,"
          "Original Publication Year,Date Read,Date Added,Bookshelves,"
          "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,"
          "Read Count,Owned Copies\n")

# The fifteen measured files: rows, share of rows with a review, median review length,
# shelves per row, distinct shelf names, share of titles in a series, and the script of the
# titles that are not plain ASCII with its share.
PROFILES = [
    (105, 0.000, 0, 1.03, 5, 0.000, None, 0),
    (289, 0.059, 197, 0.91, 14, 0.519, None, 0),
    (1197, 0.083, 238, 2.85, 83, 0.292, None, 0),
    (493, 0.002, 71, 0.17, 4, 0.333, None, 0),
    (122, 0.000, 0, 0.00, 0, 0.533, "latin", 0.025),
    (524, 0.019, 194, 1.11, 20, 0.176, "greek", 0.233),
    (98, 0.000, 0, 0.13, 3, 0.520, "cyrillic", 0.714),
    (481, 0.067, 100, 0.81, 3, 0.010, "arabic", 0.773),
    (1451, 0.229, 239, 1.59, 32, 0.133, "latin", 0.224),
    (266, 0.000, 0, 0.43, 5, 0.128, "arabic", 0.259),
    (867, 0.032, 503, 1.08, 5, 0.038, "latin", 0.073),
    (1413, 0.123, 140, 0.03, 2, 0.139, "latin", 0.312),
    (326, 0.503, 635, 0.21, 3, 0.715, None, 0),
    (823, 0.000, 0, 0.44, 2, 0.255, "hebrew", 0.019),
    (978, 0.173, 514, 4.25, 85, 0.361, None, 0),
]

LETTERS = {
    None: "abcdefghijklmnopqrstuvwxyz",
    "latin": "abcdefghijklmnopqrstuvwxyzáéíóúñçãõàèüöä",
    "greek": "αβγδεζηθικλμνξοπρστυφχψω",
    "cyrillic": "абвгдежзийклмнопрстуфхцчшщыэюя",
    "arabic": "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
    "hebrew": "אבגדהוזחטיכלמנסעפצקרשת",
    "cjk": "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年",
}
BINDINGS = ["Paperback"] * 10 + ["Hardcover"] * 6 + ["Kindle Edition"] * 4 + [
    "Mass Market Paperback", "ebook", "Audible Audio", "Audio CD", "Nook", "Unknown Binding"]


def word(rng, script, low=2, high=9):
    letters = LETTERS[script]
    return "".join(rng.choice(letters) for _ in range(rng.randint(low, high)))


def words(rng, script, count):
    return " ".join(word(rng, script) for _ in range(count))


def title(rng, profile):
    script = profile[6] if profile[6] and rng.random() < profile[7] else None
    # 30 characters at the median, 70 at the 90th percentile, 118 at the 99th.
    count = max(1, min(20, int(rng.lognormvariate(1.45, 0.55))))
    text = words(rng, script, count).capitalize()
    if rng.random() < 0.243:
        text += ": " + words(rng, script, rng.randint(1, 5))
    if rng.random() < profile[5]:
        text += f" ({words(rng, script, rng.randint(1, 3)).title()}, #{rng.randint(1, 12)})"
    if rng.random() < 0.009:
        text = "“" + text + "” – " + word(rng, None)
    return text


def review(rng, profile):
    if rng.random() >= profile[1]:
        return ""
    # The measured lengths: 63 at the 10th percentile, the profile's median, 1,097 at the 90th.
    length = max(10, min(5000, int(rng.lognormvariate(0, 0.9) * (profile[2] or 306))))
    script = profile[6] if profile[6] and rng.random() < 0.5 else None
    parts = []
    size = 0
    while size < length:
        sentence = words(rng, script, rng.randint(4, 18)).capitalize() + rng.choice(
            [". ", ", and ", "! ", "? ", "; "])
        parts.append(sentence)
        size += len(sentence)
    text = "".join(parts)[:length].rstrip()
    if rng.random() < 0.442:
        breaks = max(1, int(rng.expovariate(1 / 3.5)))
        cut = sorted(rng.randrange(len(text)) for _ in range(breaks))
        text = "<br/>".join(text[a:b] for a, b in zip([0] + cut, cut + [len(text)]))
    if rng.random() < 0.034:
        text = f"<spoiler>{text}</spoiler>" if rng.random() < 0.8 else f"<i>{text}</i>"
    return text


def quoted(text):
    if any(c in text for c in ',"\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def isbn13(number):
    stem = f"978{number % 10**9:09d}"
    total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(stem))
    return stem + str((10 - total % 10) % 10)


def isbn10(number):
    stem = f"{number % 10**9:09d}"
    total = sum(int(d) * (10 - i) for i, d in enumerate(stem))
    check = (11 - total % 11) % 11
    return stem + ("X" if check == 10 else str(check))


def reader_shelves(rng, profile):
    return [word(rng, None, 3, 12) + ("-" + word(rng, None, 2, 8) if rng.random() < 0.4 else "")
            for _ in range(profile[4])]


def shelf_count(rng, mean):
    # 0: 35%, 1: 40%, 2: 9%, 3: 5%, 4: 3%, 5-9: 8% overall, scaled to the reader's mean.
    if mean <= 0 or rng.random() < max(0.0, 1 - mean / 1.36 * 0.65):
        return 0
    draw = rng.random()
    base = 1 if draw < 0.62 else 2 if draw < 0.76 else 3 if draw < 0.83 else 4 if draw < 0.88 else rng.randint(5, 19)
    return max(1, int(base * max(1.0, mean / 1.36)))


def write_real_goodreads(path, rows, seed=31):
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as out:
        out.write(HEADER)
        number = 0
        reader = 0
        while number < rows:
            profile = PROFILES[reader % len(PROFILES)]
            reader += 1
            names = reader_shelves(rng, profile)
            authors = [f"{word(rng, None, 3, 8).capitalize()} {word(rng, None, 4, 10).capitalize()}"
                       for _ in range(200)]
            for _ in range(min(rows - number, int(profile[0] * rng.uniform(0.5, 1.0)) + 200)):
                number += 1
                author = rng.choice(authors)
                first, last = author.split(" ", 1)
                exclusive = rng.choices(["read", "to-read", "currently-reading", "did-not-finish"],
                                        [56.8, 39.6, 2.4, 1.3])[0]
                shelves = rng.sample(names, min(len(names), shelf_count(rng, profile[3])))
                if exclusive != "read":
                    shelves = [exclusive] + shelves
                positions = ", ".join(f"{s} (#{rng.randint(1, 900)})" for s in shelves)
                rating = rng.choices([0, 1, 2, 3, 4, 5], [50.7, 1.3, 2.5, 11.2, 21.0, 13.2])[0]
                read = exclusive == "read" and rng.random() < 0.78
                date_read = f"{rng.randint(2008, 2025)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}" if read else ""
                added = f"{rng.randint(2008, 2025)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}"
                others = ""
                if rng.random() < 0.308:
                    others = ", ".join(rng.choice(authors) for _ in range(1 if rng.random() < 0.8 else rng.randint(2, 6)))
                pages = "" if rng.random() < 0.031 else str(max(1, int(rng.lognormvariate(5.65, 0.55))))
                notes = words(rng, None, rng.randint(2, 14)) if rng.random() < 0.062 else ""
                fields = [
                    str(number), quoted(title(rng, profile)), quoted(author),
                    quoted(f"{last}, {first}"), quoted(others),
                    '"=""' + (isbn10(number) if rng.random() < 0.751 else "") + '"""',
                    '"=""' + (isbn13(number) if rng.random() < 0.781 else "") + '"""',
                    str(rating), f"{rng.uniform(3.0, 4.7):.2f}",
                    quoted(words(rng, None, rng.randint(1, 3)).title()) if rng.random() < 0.961 else "",
                    rng.choice(BINDINGS) if rng.random() < 0.984 else "", pages,
                    str(rng.randint(1950, 2025)) if rng.random() < 0.978 else "",
                    str(rng.randint(1800, 2025)) if rng.random() < 0.919 else "",
                    date_read, added, quoted(", ".join(shelves)), quoted(positions), exclusive,
                    quoted(review(rng, profile)), "true" if rng.random() < 0.002 else "",
                    quoted(notes), "" if rng.random() < 0.101 else str(1 if read else 0),
                    "1" if rng.random() < 0.009 else "0",
                ]
                out.write(",".join(fields) + "\n")


if __name__ == "__main__":
    import sys
    write_real_goodreads(sys.argv[1], int(sys.argv[2]))

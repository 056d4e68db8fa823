"""A Goodreads export of N generated rows with the usual quirks, for the bulk benchmarks."""

HEADER = ("Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,"
          "Average Rating,Publisher,Binding,Number of Pages,Year Published,"
          "Original Publication Year,Date Read,Date Added,Bookshelves,"
          "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,"
          "Read Count,Owned Copies\n")
SHELVES = ["to-read", "currently-reading", "read", "did-not-finish"]


def write_goodreads(path, rows):
    """Formula ISBNs, reviews with <br/> and entities, empty Date Read for some read books."""
    with open(path, "w") as out:
        out.write(HEADER)
        for i in range(1, rows + 1):
            read = f"2024/03/0{1 + i % 9}" if i % 3 == 0 else ""
            isbn = f'="{9780000000000 + i}"' if i % 5 == 0 else '=""'
            out.write(f'{i},"Generated Book {i}, a Novel",Author {i % 997},"{i % 997}, Author",,'
                      f'=\"\",{isbn},{i % 6},3.9,Publisher,Paperback,{100 + i % 700},2001,1999,'
                      f'{read},2023/01/15,"fiction, generated",,{SHELVES[i % 4]},'
                      f'"A review with a line<br/>break &amp; more",,,{i % 2},0\n')

"""A calibre library of N books made through calibre's own database layer, for
`bench/run --peers`. Run by `calibre-debug calibre_library.py -- <folder> <books>`."""
import sys

from calibre.ebooks.metadata.book.base import Metadata
from calibre.library import db

folder, books = sys.argv[1], int(sys.argv[2])
cache = db(folder).new_api
batch = []
for i in range(1, books + 1):
    book = Metadata(f"Book {(i * 7919) % books:07d}", [f"Author {i % 997}"])
    if i % 10 == 0:
        book.tags = ["classics"]
    batch.append((book, {}))
    if len(batch) == 5000 or i == books:
        cache.add_books(batch, add_duplicates=True, run_hooks=False)
        batch = []

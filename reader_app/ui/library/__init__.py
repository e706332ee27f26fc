"""The library: the grid of covers, opening a book off the UI thread, recent books, recovery.

Front door: `library_view.py`, `book_opening.py`.

Modules:
- `book_opening`: Opening a book off the UI thread: parse it (or load it from the cache), then
  record it in the library (its row, when it was opened, the recent-books list) through the one
  writer.
- `book_removal`: Removing a book with nothing written on the UI thread: the one writer forgets it
  (its rows, keyword table, dense indexes and cached model: `reader_app/forget.py`), in order
  with every other write, and a worker waits for that so the library view shows what the library
  now holds.
- `cover_jobs`: The window's book jobs that run in a worker: covers (opening is in `book_opening`).
- `library_recovery`: At start-up, a library that cannot be opened is explained, and a damaged one
  can be rebuilt.
- `library_view`: The library: a grid of covers with title, author and progress; open, remove,
  sort.
- `recent_books`: The File › Open Recent menu: the newest books first, as `book_opening` records
  them.
"""

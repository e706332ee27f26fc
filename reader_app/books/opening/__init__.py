"""Opening a file: which format it is, the CBZ reader, and the cache of parsed book models.

Front door: `formats.py`, `cache.py`.

Modules:
- `ahead`: A book named at launch is parsed in a child process while the window starts.
- `cache`: A cache of parsed book models, so reopening a long book does not parse it again.
- `cbz`: CBZ comics into the book model: image pages in natural order, ComicInfo.xml metadata.
- `formats`: Which format a file is (by content, extension as a hint), and the table of format
  readers.
"""

"""Opening a file: which format it is, the comic readers, and the cache of parsed book models.

Front door: `formats.py`, `cache.py`.

Modules:
- `ahead`: A book named at launch is parsed in a child process while the window starts.
- `archive`: CBR (RAR 4 and 5), CB7 and CBT comics: the CBZ reader's pages and ComicInfo, from
  libarchive.
- `cache`: A cache of parsed book models, so reopening a long book does not parse it again.
- `cbz`: Comics into the book model: image pages in natural order, ComicInfo.xml metadata; CBZ
  here, and the same for CBR, CB7 and CBT (`archive.py`) through `read_comic`.
- `file_kinds`: The one list of file types Pagemate takes: extensions, MIME types and the file
  dialog's filter.
- `formats`: Which format a file is (by content, extension as a hint), and the table of format
  readers.
"""

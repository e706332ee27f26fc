"""Opening a file: which format it is, the comic and PDF readers, and the cache of parsed book
models.

Front door: `formats.py`, `cache.py`.

Modules:
- `ahead`: A book named at launch is parsed in a child process while the window starts.
- `archive`: CBR (RAR 4 and 5), CB7 and CBT comics: the CBZ reader's pages and ComicInfo, from
  libarchive.
- `cache`: A cache of parsed book models, so reopening a long book does not parse it again.
- `cbz`: Comics into the book model: image pages in natural order, ComicInfo.xml metadata; CBZ
  here, and the same for CBR, CB7 and CBT (`archive.py`) through `read_comic`.
- `hyphens`: A word broken by a hyphen at a line's or a page's end: made whole where the book's
  own words tell, so "inter-" / "esting" reads "interesting" and "Anglo-" / "Saxon" keeps its
  hyphen.
- `file_kinds`: The one list of file types Pagemate takes: extensions, MIME types and the file
  dialog's filter.
- `pdf`: PDF documents into the book model through PDFium (pypdfium2): one section per page, drawn
  on demand; the outline as contents, page labels as page titles, metadata.
- `pdf_text`: A PDF's text layer as the book's text: lines with their boxes, words where they are
  drawn, paragraphs in reading order, running headers, footers and page numbers left out.
- `formats`: Which format a file is (by content, extension as a hint), and the table of format
  readers.
"""

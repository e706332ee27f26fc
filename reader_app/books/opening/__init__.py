"""Opening a file: which format it is, the CBZ and PDF readers, and the cache of parsed book models.

Front door: `formats.py`, `cache.py`.

Modules:
- `ahead`: A book named at launch is parsed in a child process while the window starts.
- `cache`: A cache of parsed book models, so reopening a long book does not parse it again.
- `cbz`: CBZ comics into the book model: image pages in natural order, ComicInfo.xml metadata.
- `pdf`: PDF documents into the book model through PDFium (pypdfium2): one section per page, drawn
  on demand; the outline as contents, page labels as page titles, metadata.
- `pdf_text`: A PDF's text layer as the book's text: lines with their boxes, words where they are
  drawn, paragraphs in reading order, running headers, footers and page numbers left out.
- `formats`: Which format a file is (by content, extension as a hint), and the table of format
  readers.
"""

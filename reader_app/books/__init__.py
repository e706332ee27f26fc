"""Every format into one book model, the library and the reading state (Qt-free, never imports
comics or rag).

Front door: `model.py` (the book model), then `shelf/reading.py` (how the boundary follows page
turns) and `opening/formats.py` (reading a file).

Rooms, lowest first (a room imports only itself, `model` and the rooms before it):
- `model`: The one book model every format is read into: sections of blocks, a TOC, metadata,
  resources.
- `files/`: Reading untrusted files safely: zip containers and XML with caps, the work one book may
  cause, numbers parsed with bounds.
- `pictures/`: Pictures: identified by their bytes, sized from their headers, decoded under caps
  (any decoder failure a refusal), and cover thumbnails.
- `typography/`: How a book asks to look: its stylesheets and the cascade, fonts it embeds,
  hyphenation and quotation marks by language.
- `content/`: EPUB content into the book model: the package document, the table of contents, XHTML
  documents with their pictures, tables and formulas, and what is rescued from a broken one.
- `opening/`: Opening a file: which format it is, the CBZ reader, and the cache of parsed book
  models.
- `text/`: A book's text as words and sentences: sentence spans, Find in Book, what Read aloud says,
  dictionary look-ups.
- `shelf/`: The reader's library and where they are in each book: positions, the spoiler boundary
  following page turns, marks, time left, annotations.
"""

"""Every format into one book model, the library and the reading state (Qt-free, never imports
comics or rag).

Front door: `model.py`, then `reading.py` (how the boundary follows page turns).

Modules:
- `annotations`: The reader's highlights, notes and bookmarks: anchored by locators, stored per
  book, exported.
- `budget`: Caps on the work one book may cause, and optional members that are skipped with a note.
- `cache`: A cache of parsed book models, so reopening a long book does not parse it again.
- `cbz`: CBZ comics into the book model: image pages in natural order, ComicInfo.xml metadata.
- `covers`: Image safety (pixel caps read from headers only) and cover thumbnails for the library
  grid.
- `css`: A book's stylesheets read as data: a small selector subset, matched against lxml elements.
- `dictionary`: Looking up a selected word in StarDict dictionaries installed on this computer;
  never online.
- `embedded_fonts`: Fonts embedded in an EPUB: which members the book's @font-face rules name, and
  their bytes.
- `epub`: EPUB 2 and 3 into the book model: container, DRM, spine documents, links, TOC; the
  package document (manifest, spine order, metadata, cover) is read by `books/opf.py`.
- `epub_toc`: The EPUB's table of contents (EPUB 3 nav, else EPUB 2 NCX, else the chapters'
  headings), and the anchor table that turns an href into a locator.
- `formats`: Which format a file is (by content, extension as a hint), and the table of format
  readers.
- `hyphenation`: Where words may break at a line end, by the book's language (pyphen's
  dictionaries).
- `inline_images`: Images that live inside a content document: `data:` URIs and inline `<svg>`
  markup.
- `jxl_header`: JPEG XL: the picture's size read from its header alone, and the Pillow plugin that
  decodes it.
- `library`: The library: which books the reader has, and where they are in each (position and
  boundary).
- `marking`: Where the reader is in words (chapter, percent), and "Mark as read up to here" without
  a view.
- `mathml`: MathML as readable linear text: fractions, scripts, roots, fences and tables in one
  line.
- `model`: The one book model every format is read into: sections of blocks, a TOC, metadata,
  resources.
- `numbers`: Numbers read from book text (list starts, page indexes), parsed with bounds, never
  unbounded.
- `opf`: The EPUB package document (OPF): the manifest with its fallbacks, the spine in reading
  order, the metadata (title, authors, series) and the cover.
- `picture_decode`: pictures identified by their bytes; those Qt cannot read (AVIF, JPEG XL,
  PSD, …) decoded by Pillow, under the same caps as the rest, any decoder failure a refusal.
- `quotes`: The quotation marks a `<q>` element is drawn with: by its language and how deeply it
  is nested.
- `reading`: How the spoiler boundary follows the reader: turning pages on moves it, jumps don't.
- `reading_time`: Where the reader is in words ("Book I › Part I › Chapter I") and how long is
  left, measured from the reader's own page turns.
- `safezip`: Reading untrusted zip containers (EPUB, CBZ) with caps on size, count, ratio and
  names.
- `salvage`: Plain text rescued from a document the structured parser cannot hold, in reading
  order.
- `search`: Finding words in a book's text (Ctrl+F): case-insensitive, with context, in reading
  order.
- `segment`: Where the sentences of a block's text start and end: plain spans, no storage, no sids.
- `selectors`: Matching the stylesheet subset (books/css.py) against lxml elements, in bounded
  time.
- `spoken`: What Read aloud says: a book's sentences in reading order as spoken text, footnote
  markers left out, headings marked for a pause.
- `styles`: The cascade: a document's stylesheets over a small default sheet, as computed element
  styles.
- `stylesheets`: A book's stylesheets, parsed once each and shared by its documents, and its @font-
  face rules.
- `xhtml`: XHTML content documents into model blocks: text exactly as shown, inline spans, anchors,
  links.
- `xhtml_media`: Pictures, tables and formulas inside a content document, for the XHTML converter.
- `xhtml_parts`: Pieces of the XHTML reader: tag tables, text collection, the text buffer and block
  context.
- `xmlsafe`: Hardened XML parsing for untrusted book files: no entities, no DTDs, no network, no
  giants.
"""

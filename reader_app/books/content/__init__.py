"""EPUB content into the book model: the package document, the table of contents, XHTML documents
with their pictures, tables and formulas, and what is rescued from a broken one.

Front door: `epub.py` (`read_epub`).

Modules:
- `epub`: EPUB 2 and 3 into the book model: container, DRM, spine documents, links, TOC; the package
  document (manifest, spine order, metadata, cover) is read by `books/content/opf.py`.
- `epub_toc`: The EPUB's table of contents (EPUB 3 nav, else EPUB 2 NCX, else the chapters'
  headings), and the anchor table that turns an href into a locator.
- `inline_images`: Images that live inside a content document: `data:` URIs and inline `<svg>`
  markup.
- `math_speech`: MathML as a voice says it ("a over b", "x squared"), for Read aloud.
- `mathml`: MathML as readable linear text: fractions, scripts, roots, fences and tables in one
  line.
- `opf`: The EPUB package document (OPF): the manifest with its fallbacks, the spine in reading
  order, the metadata (title, authors, series) and the cover.
- `salvage`: Plain text rescued from a document the structured parser cannot hold, in reading order.
- `xhtml`: XHTML content documents into model blocks: text exactly as shown, inline spans, anchors,
  links.
- `xhtml_media`: Pictures, tables and formulas inside a content document, for the XHTML converter.
- `xhtml_parts`: Pieces of the XHTML reader: tag tables, text collection, the text buffer and block
  context.
"""

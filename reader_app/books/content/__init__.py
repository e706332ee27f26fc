"""Book content into the book model: EPUB (the package document, the table of contents, XHTML
documents with their pictures, tables and formulas, and what is rescued from a broken one), FB2,
plain text and Markdown.

Front door: `epub.py` (`read_epub`); for the other formats `fb2.py` (`read_fb2`), `plaintext.py`
(`read_plain_text`), `markdown.py` (`read_markdown`).

Modules:
- `epub`: EPUB 2 and 3 into the book model: container, DRM, spine documents, links, TOC; the package
  document (manifest, spine order, metadata, cover) is read by `books/content/opf.py`.
- `epub_toc`: The EPUB's table of contents (EPUB 3 nav, else EPUB 2 NCX, else the chapters'
  headings), and the anchor table that turns an href into a locator.
- `fb2`: FictionBook (FB2, and FB2.ZIP: a zip holding one .fb2) into the book model: the
  description, the bodies, the notes bodies as notes, and the pictures kept in `<binary>`.
- `fb2_body`: The bodies of an FB2 book into blocks: nested sections with their titles,
  epigraphs, poems, citations, subtitles, tables, pictures, and inline emphasis and links.
- `inline_images`: Images that live inside a content document: `data:` URIs and inline `<svg>`
  markup.
- `markdown`: Markdown books (.md, .markdown) into the book model, without a Markdown library.
- `math_speech`: MathML as a voice says it ("a over b", "x squared"), for Read aloud.
- `mathml`: MathML as readable linear text: fractions, scripts, roots, fences and tables in one
  line.
- `opf`: The EPUB package document (OPF): the manifest with its fallbacks, the spine in reading
  order, the metadata (title, authors, series) and the cover.
- `plaintext`: Plain text books (.txt) into the book model: chapters found from their headings or
  the blank lines around them, paragraphs joined across hard line breaks.
- `salvage`: Plain text rescued from a document the structured parser cannot hold, in reading order.
- `text_parts`: Pieces shared by the plain text, Markdown and FB2 readers: styled runs into a
  block, and blocks cut into chapters with a table of contents at their headings.
- `xhtml`: XHTML content documents into model blocks: text exactly as shown, inline spans, anchors,
  links.
- `xhtml_media`: Pictures, tables and formulas inside a content document, for the XHTML converter.
- `xhtml_parts`: Pieces of the XHTML reader: tag tables, text collection, the text buffer and block
  context.
"""

"""Book content into the book model: EPUB (the package document, the table of contents, XHTML
documents with their pictures, tables and formulas, and what is rescued from a broken one); MOBI,
AZW3 (KF8) and PRC books turned into XHTML documents that the same pipeline reads; FB2, plain text
and Markdown.

Front door: `epub.py` (`read_epub`); `mobi.py` (`read_mobi`) for Kindle files; for the other
formats `fb2.py` (`read_fb2`), `plaintext.py` (`read_plain_text`), `markdown.py`
(`read_markdown`).

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
- `kf8`: KF8 (AZW3, and the KF8 half of a joint MOBI) back into its XHTML parts: text flows,
  skeleton and fragment indexes, `kindle:` pictures, stylesheets and links, the NCX contents.
- `markdown`: Markdown books (.md, .markdown) into the book model, without a Markdown library.
- `math_speech`: MathML as a voice says it ("a over b", "x squared"), for Read aloud.
- `mathml`: MathML as readable linear text: fractions, scripts, roots, fences and tables in one
  line.
- `mobi`: MOBI 6, AZW3 (KF8) and PRC books into the book model, through the same XHTML pipeline
  as EPUB.
- `mobi6`: MOBI 6 markup (and plain PalmDOC text) into HTML parts the XHTML pipeline reads.
- `mobi_decompress`: The two text compressions of MOBI files: PalmDOC's LZ77 and Mobipocket's
  HUFF/CDIC.
- `mobi_index`: MOBI index tables (INDX records described by a TAGX table, with CNCX strings).
- `mobi_parts`: What a MOBI or KF8 reader hands to the book builder, named like an EPUB's members.
- `mobi_records`: The Palm database under every MOBI, AZW3 and PRC file: record table, headers,
  EXTH, the DRM check and trailing entries.
- `mobi_text`: A MOBI's text records as one stream, decompressed only where it is read.
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

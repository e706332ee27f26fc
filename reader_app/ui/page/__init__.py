"""The page engine: a section laid out by Qt's text engine, its formats, pictures, maths and pages.

Front door: `document.py` (`SectionDocument`).

Modules:
- `appearance`: How pages look: font, spacing, margins, alignment and the colour themes.
- `book_fonts`: The open book's embedded fonts, registered with Qt while the book is open and
  removed after.
- `doc_blocks`: Pictures and tables inserted into a section's QTextDocument (ui/page/document.py).
- `doc_positions`: Model offsets within a block and offsets in its laid-out QTextBlock, both ways.
- `document`: One section laid out by Qt's text engine: a QTextDocument built block by block, cut
  into pages.
- `font_features`: Which OpenType features a font really has (read from its GSUB table), for true
  small caps.
- `images`: Book images for the page: bitmaps decoded safely, SVG rasterised whole, cached per
  size.
- `internal_links`: Links inside the book as the laid-out document holds them:
  `pagemate:section/block/char`.
- `layout_ahead`: Laying out the next section while the reader reads, in slices the page never
  waits on.
- `list_markers`: List markers ("1.", "79.", "•") drawn in the margin before a list item's first
  line.
- `math_render`: MathML typeset as SVG (ziamath) and set into the page as an inline picture on the
  baseline.
- `media_blocks`: Audio and video in a section's QTextDocument: a box of fixed size the page view
  covers with a player, or the book's fallback text when nothing can be played.
- `page_formats`: Qt block and character formats for model blocks: the reader's settings, then the
  book's styles.
- `pagination`: Where a laid-out section's pages begin: breaks between lines, optionally anchored
  on one line.
- `safe_paint`: Painting that always ends its painter, and a note in place of what could not be
  drawn.
- `svg_child`: Big SVGs are rasterised by resvg in a child process, so the window never waits on
  the GIL.
- `kinsoku`: Japanese and Chinese line breaking by the book's CSS `line-break` (kinsoku shori):
  strict, normal, loose and anywhere, as marks in the laid-out page only.
- `text_effects`: What the page draws for a block's characters, by the book's `text-transform` and
  `word-break`.
- `underlines`: Underlines drawn below the descenders, for `text-underline-position: under`.
"""

"""How a book asks to look: its stylesheets and the cascade, fonts it embeds, hyphenation and
quotation marks by language.

Front door: `styles.py`, `stylesheets.py`.

Modules:
- `css`: A book's stylesheets read as data: a small selector subset, matched against lxml elements.
- `embedded_fonts`: Fonts embedded in an EPUB: which members the book's @font-face rules name, and
  their bytes.
- `hyphenation`: Where words may break at a line end, by the book's language (pyphen's
  dictionaries).
- `quotes`: The quotation marks a `<q>` element is drawn with: by its language and how deeply it is
  nested.
- `selectors`: Matching the stylesheet subset (books/typography/css.py) against lxml elements, in
  bounded time.
- `styles`: The cascade: a document's stylesheets over a small default sheet, as computed element
  styles.
- `stylesheets`: A book's stylesheets, parsed once each and shared by its documents, and its @font-
  face rules.
"""

"""A book's text as words and sentences: sentence spans, Find in Book, what Read aloud says,
dictionary look-ups.

Front door: `segment.py`.

Modules:
- `dictionary`: Looking up a selected word in StarDict dictionaries installed on this computer;
  never online.
- `language`: The language a book is written in: its metadata, checked against its text.
- `page_breaks`: A paged book's text read across its page breaks: a PDF's sentence that runs from
  the foot of one page onto the next is one sentence, placed on the page where it ends.
- `search`: Finding words in a book's text (Ctrl+F): case-insensitive, with context, in reading
  order.
- `segment`: Where the sentences of a block's text start and end: plain spans, no storage, no sids.
- `spoken`: What Read aloud says: a book's sentences in reading order as spoken text, footnote
  markers left out, headings marked for a pause.
"""

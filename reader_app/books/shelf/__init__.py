"""The reader's library and where they are in each book: positions, the spoiler boundary following
page turns, marks, time left, annotations.

Front door: `library.py`, `reading.py`.

Modules:
- `annotations`: The reader's highlights, notes and bookmarks: anchored by locators, stored per
  book, exported.
- `library`: The library: which books the reader has, and where they are in each (position and
  boundary).
- `listening`: What Read aloud has said in full of each book (time, words), kept apart from
  reading.
- `marking`: Where the reader is in words (chapter, percent), and "Mark as read up to here" without
  a view.
- `reading`: How the spoiler boundary follows the reader: turning pages on moves it, jumps don't;
  the one rule for every move (`next_boundary`, "forward only" decided once) and its write.
- `reading_time`: Where the reader is in words ("Book I › Part I › Chapter I") and how long is left,
  measured from the reader's own page turns.
"""

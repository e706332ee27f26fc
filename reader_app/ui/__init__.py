"""The window (Qt): rooms in dependency order, each importing only rooms before it
(tests/unit/test_layers.py): workers < page < reader < library < assistant < companion <
read_aloud < aids < window.

Front door: `window/main_window.py`; background work: `workers.py`.

Modules:
- `aids/`: The reading aids, installed on the window in one call: annotations, Back/Forward, notes,
  media, look-up, find, contents, the status line, shortcut help, book details.
- `assistant/`: The assistant dock: ask about the book, watch the answer stream in, follow its
  citations.
- `companion/`: The companion docks: X-Ray and its map, the "Previously…" card, character chat.
- `library/`: The library: the grid of covers, opening a book off the UI thread, recent books,
  recovery.
- `page/`: The page engine: a section laid out by Qt's text engine, its formats, pictures, maths
  and pages.
- `read_aloud/`: Read aloud: one player over a sentence source (the book, a reply, a comic's
  words), the voice, and what was heard.
- `reader/`: The reading area: the EPUB and comic page views, the progress slider and the
  boundary's moves.
- `translation`: The window's language: Qt's translators installed for it, `translate` and
  the plural forms every room's words go through.
- `window/`: The main window and its frame: menus, docks, status bar, settings dialogs, launch.
- `workers`: The one worker mechanism: every background job, with streaming progress, cancel and
  one rule for stale replies.
"""

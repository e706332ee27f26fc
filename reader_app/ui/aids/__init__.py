"""The reading aids, installed on the window in one call: annotations, Back/Forward, notes,
look-up, find, contents, the place line, shortcut help, book details, and Read aloud (its own
room, ui/read_aloud/).

Front door: `install.py` (`install_reading_aids`), typed against `aids_host.AidsHost`.

Modules:
- `aids_host`: What the reading aids need of the main window: its parts and a few of its slots (the
  aids are typed against this, so they never import the window that installs them).
- `annotations`: Highlights, notes and bookmarks in the window: made from the page, drawn on it,
  listed, kept.
- `annotations_dock`: The annotations dock: the book's highlights, notes and bookmarks as a list to
  jump from.
- `book_details`: A book's details from the library: what it is, where its file is, how far it has
  been read.
- `cited_passage`: The passage a citation points to, marked on the page after the jump to it.
- `dictionary_lookup`: Look Up on a selection: the dictionaries installed on this computer, read
  off the UI thread, shown over the page; the web (Wiktionary) only when the reader clicks for it.
- `find_bar`: Find in Book: matches marked on the page, Next and Previous from where the reader is.
- `footnotes`: Footnote pop-ups: a note reference (`epub:type="noteref"`) or a short link to a
  short passage shows the note over the page instead of jumping away; "Go to note" still jumps.
- `go_to`: Go › Go to… (Ctrl+G): a place typed as a percentage of the book ("42%") or, in a
  comic, a page number ("5").
- `history`: Back and Forward after jumps (contents, links, search, citations, the slider), like a
  browser.
- `install`: The reader's aids, installed on the main window in one call: annotations, footnote
  pop-ups, Back/Forward, the place line, shortcut help and dictionary look-up.
- `place_line`: The status bar's place line: where the reader is ("Book I › Part I › Chapter I ·
  12 min left in chapter · 34%"), with the reading speed measured from the reader's own page turns.
  (The assistant's line beside it is ui/assistant/assistant_line.py.)
- `search_dock`: Search in the book (Ctrl+F): a results list with context, Next and Previous
  (ui/aids/find_bar.py decides which match they go to).
- `shortcuts_help`: The keyboard shortcut help (F1 or ?): every shortcut the window has, and the
  page's own keys.
- `toc`: The table of contents panel: nested entries, the current chapter highlighted, click to
  jump.
"""

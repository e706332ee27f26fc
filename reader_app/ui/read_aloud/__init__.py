"""Read aloud: the player (the book, a reply, a comic's words), the voice behind it, and what was
heard.

Front door: `menu.py` (`install_read_aloud`); the player is `player.ReadAloud`.

Modules:
- `bar`: Read aloud's place in the status bar: what it is doing, or why it cannot, and the question
  asked before listening ahead of what the assistant knows.
- `comic_pages`: A comic's pages read for Read aloud: each page's OCR text in panel order, read on
  a worker just ahead of the voice (the OCR cache first).
- `listening_log`: What Read aloud heard in full of the open book, counted apart from reading,
  written behind through the writer.
- `menu`: Read aloud's controls on the window: the Go menu's submenu, the toolbar button and keys,
  the voices.
- `player`: The player: the book spoken sentence by sentence from the first one on screen, the
  spoken sentence marked, pages turned as the voice goes on, sentences heard in full counted as
  read; a reply's or a comic's sentences read the same way.
- `replies`: Replies read aloud from the transcripts (any reply, from the context menu), the
  sentence being said marked.
- `speech`: The voice: the `Speaker` interface, Qt's text-to-speech behind it, and what to install
  when this computer has no speech engine.
"""

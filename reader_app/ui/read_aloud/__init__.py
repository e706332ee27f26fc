"""Read aloud: one player that asks a sentence source (the book, a reply, a comic's words) for
what comes next, the voice behind it, and what was heard.

Front door: `menu.py` (`install_read_aloud`); the player is `player.ReadAloud`, the sources are
`sources.py` (no Qt: tests/unit/ui/read_aloud/ keeps them so).

Modules:
- `bar`: Read aloud's place in the status bar: what it is doing, or why it cannot, and the question
  asked before listening ahead of what the assistant knows.
- `comic_pages`: A comic's pages read for Read aloud: each page's OCR text in panel order, read on
  a worker just ahead of the voice (the OCR cache first).
- `following`: The page follows the voice, forward only: turned to the sentence being said, and
  that sentence marked on it; whether the sentence in hand is in sight (the voice follows the
  reader's turns and jumps, in the player).
- `listening_log`: What Read aloud heard in full of the open book, counted apart from reading,
  written behind through the writer.
- `menu`: Read aloud's controls on the window: the Go menu's submenu, the toolbar button (checked
  while reading) and keys, the Voice menu (the book language's voices, More Voices…, Preview).
- `player`: The player: says what its source gives, one sentence at a time, marks the book's
  sentence on the page and turns the pages as the voice goes on, counts what was heard in full.
- `replies`: Replies read aloud from the transcripts (any reply, from the context menu), the
  sentence being said marked.
- `settings_page`: Read aloud's page in Settings: the voice and the speed.
- `sources`: What Read aloud reads, with no Qt: the `SentenceSource` protocol and its three
  kinds: the book from a place on, a reply without its veiled sentences, a comic's balloons in
  panel order.
- `speech`: The voice: the `Speaker` interface, Qt's text-to-speech behind it, and what to install
  when this computer has no speech engine.
- `voice`: The voice Read aloud speaks with: found when first needed, the reader's voice and
  speed (kept in the settings), the voices offered first, a sample to preview a voice.
- `voice_dialog`: More Voices…: every voice of the book's language, variants grouped under the
  voice they vary, searchable, with Preview.
"""

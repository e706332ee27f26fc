"""The companion docks: X-Ray and its map, the "Previously…" card, character chat.

Front door: `controller.py` (X-Ray) and `character_entry.py` (character chat).

Modules:
- `character_dock`: The character chat dock: talk with a character who knows only what the reader
  has read.
- `character_entry`: Character chat's entry points in the window: the dock installed beside the
  assistant, following the open book and its boundary; "Talk to <name>" on an X-Ray card; the
  assistant panel's "Talk to…" menu, which lists the book's character conversations (with their
  message counts) beside the people met so far.
- `character_jobs`: The character chat dock's background jobs, run by `DockJobs`: a reply, who may
  be talked to.
- `controller`: Feeds the X-Ray dock and the "Previously…" card from workers, at the recorded
  boundary.
- `map_layout`: Where the relationship map puts its people and their names: an ellipse that fills
  the space given, and labels placed so that no two overlap.
- `previously_card`: The "Previously…" card shown above the page when a book is reopened after a
  break.
- `relationship_view`: The relationship map: who appears with whom up to the boundary, drawn with
  QPainter; zoom, pan and a window of its own.
- `xray_dock`: The X-Ray dock: people and places met so far, a card for each, the map, the story so
  far.
"""

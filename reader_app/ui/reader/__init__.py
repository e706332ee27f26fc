"""The reading area: the EPUB and comic (and PDF) page views, the progress slider and the
boundary's moves.

Front door: `reader_page.py` (`ReaderPage`).

Modules:
- `boundary_actions`: Moving the boundary by hand, said out loud: "Mark as read" and "Reset" are
  confirmed where they take knowledge away, and every change can be undone from a quiet notice by
  the slider.
- `comic_view`: The comic page view: fit modes, two-page spreads, right-to-left reading, a small
  page cache.
- `epub_view`: The paginated view of reflowable books: one or two pages, laid out near the
  reader, the place kept across relayouts (keys, clicks, links and selection: `page_view.py`).
- `flash_mark`: A place marked for a moment after a jump to it (a note, a cited passage), then
  faded out.
- `media_player`: One audio or video element's player, laid over its box on the page: Qt
  Multimedia plays the file, video frames are painted from a QVideoSink.
- `media_players`: Audio and video played in the page: a player over each media box on screen,
  paused when it leaves, released with the book; the fallback shown when nothing can be played.
- `page_marks`: Stretches of the book marked on the page: search matches, the passage a citation
  points to.
- `page_view`: The page view's base (`PageView`): the moves every view offers, and the input they
  share: keys, the wheel, edge clicks; on pages with text, selection, links and the context menu.
- `pdf_pictures`: A PDF's pages for the comic view: drawn by PDFium in a worker thread at the size
  they are shown, a few kept, the next ones drawn ahead; their links and words, read beside.
- `pdf_selection`: The words drawn on a PDF's pages as text: selected by a drag or a double-click,
  painted, copied and asked about; a click on a link follows it.
- `progress_slider`: The progress slider: position by characters, chapter ticks, and a mark where
  the boundary is.
- `reader_page`: The reading area: the page view for the book's format, the progress slider, and
  the boundary.
- `reading_ahead`: The quiet offer to move the boundary after a jump ahead, in a footer that never
  moves the page.
- `selection_menu`: The page's context menu for a selection: ask, explain, who, copy, mark as
  read; ahead of the boundary the asks say that they first let the assistant know up to here.
- `text_selection`: Selections that follow words: a double-click takes a word, a triple-click its
  sentence, and a drag snaps its ends to whole words.
"""

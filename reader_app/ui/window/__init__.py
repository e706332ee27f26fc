"""The main window and its frame: menus, docks, status bar, settings dialogs, launch.

Front door: `main_window.py` (`MainWindow`) and `launch.py`.

Modules:
- `docks`: The main window's docks: contents and search tabbed on the left, the assistant, X-Ray
  and character chat tabbed on the right, each hidden until the reader asks for it.
- `error_banner`: The window's banner for what the reader must know now: a book that cannot be
  opened, parts of a book that were simplified, a library that cannot be written.
- `first_paint`: Work that waits until a page has been drawn: what the first page does not need
  starts after the first paint.
- `full_screen`: Full screen (F11): only the page, no menu, toolbar, status bar or docks; Esc or
  F11 leaves it.
- `gc_policy`: Garbage collection that does not stall the page: what the window holds for long is
  frozen.
- `launch`: Starting the window: single instance, the book to open, or a screenshot for
  --screenshot.
- `main_window`: The main window: library and reader, menus, docks, status bar; books open off the
  UI thread; files dropped on it open.
- `menus`: The main window's menus, toolbar and keyboard shortcuts.
- `opening`: Opening a book in the window: parsed and recorded off the UI thread, shown in every
  part of the window, the cover and the preparation once its first page is drawn; a failure said.
- `preparation`: Preparing the assistant in the background: the core's `prepare_book` as a
  `Workers` job.
- `preparation_words`: A piece of the assistant's preparation news in words ("Assistant ready ·
  indexing the rest: 40%"), for the assistant's status line (ui/assistant/assistant_line.py, which
  shows it).
- `reading_commands`: Commands on the page from the menus: the text's size (a comic page's zoom),
  Go To.
- `save_faults`: What the window tells the reader about its library later in a session: writes held
  because the library cannot be written (a full disk, a read-only folder), the writer's news as Qt
  signals that arrive on the UI thread; and stored settings that could not be used.
- `settings_dialog`: Settings dialogs: page appearance (live), and the assistant and preparation
  settings.
- `settings_signal`: The settings' change signal on the Qt side: the window listens to it instead
  of re-reading the settings by hand after a dialog.
- `single_instance`: One Pagemate per library: a second launch hands its files to the running
  window and exits.
- `status_labels`: The status bar's two lines, where the reader is (left) and the assistant
  (right), each cut with "…" to the room it has and kept apart by a gap, so the two never run
  into one another; the whole text stays the label's own (text(), the tooltip).
- `window_state`: Where the window was: its size, place and dock layout, kept in the settings
  between sessions.
"""

"""Pagemate: a desktop e-reader with a spoiler-safe reading companion.

Layers, lowest first (tests/unit/test_layers.py): cancel, errors, paths, printable, settings,
digest < books, comics, store < rag < prepare, cli, mcp, forget < ui, app. Read
`rag/scope/boundary.py` first.

Front door: `app.py` (the window) and `cli/` (the command line).

Modules:
- `__main__`: `python -m reader_app`: the same entry point as the `reader-app` command.
- `app`: Starting the Qt application: the QApplication, the library folder and database, the
  window.
- `cancel`: The one cancel type: a flag any thread may raise, which work asks at its next step.
- `books/`: Every format into one book model, the library and the reading state (Qt-free, never
  imports comics or rag).
- `cli/`: The `reader-app` command: open the window, or run an engine command (index, search, ask).
- `comics/`: Comic pages to text: OCR, panel reading order, page descriptions (Qt-free, never
  imports rag).
- `digest`: The SHA-256 of a file's bytes: a book's identity, and the check on the bundled model
  file.
- `errors`: Errors a user can cause, each with a message a reader can act on.
- `forget`: Forgetting a book: its library row and everything derived from it, above `books` and
  `rag`.
- `mcp/`: The MCP server for outside agents: the library up to where the reader is, never beyond.
- `paths`: Where Pagemate keeps its library and finds its bundled assets.
- `printable`: Text from outside (a model's reply, a server's error, an address as typed) made
  safe to print or to put in a message: control characters shown as escapes.
- `prepare/`: Preparing a book for the assistant, one path for every front end: text, index,
  earlier volumes; the news it reports; the window's child process that runs it.
- `rag/`: Scope, retrieval, the model gateway and everything the companion says (Qt-free).
- `settings`: Settings declared as data (name, type, default, description), stored as JSON in the
  library.
- `store/`: SQLite: the connection, numbered migrations, the one writer thread, library faults
  explained.
- `translatable`: A marker for words made outside the window that the window shows translated
  (`QT_TRANSLATE_NOOP`, no Qt).
- `ui/`: The window (Qt): rooms in dependency order, each importing only rooms before it
  (tests/unit/test_layers.py): workers < page < reader < library < assistant < companion < aids <
  window.
"""

__version__ = "0.1.0"
APP_NAME = "Pagemate"

"""SQLite: the connection, numbered migrations, the one writer thread, library faults explained.

Front door: `db.py` and `migrations.py`.

Modules:
- `db`: Opening the library database: one SQLite file in WAL mode, migrated on open.
- `faults`: Library faults a reader can meet (full disk, read-only folder, damaged database),
  explained.
- `file_lock`: A lock shared by every process using one library: the window, its preparation child,
  the command line and the MCP server.
- `first_steps`: The first schema's migration steps (1 to 6): the library and reading state,
  retrieval's tables, the assistant's conversations, comics; `run_script` for every step.
- `later_steps`: The later migration steps (7 on): the companion, answer checks, annotations,
  character chat, the story, listening; a new one is added here.
- `migrations`: Numbered schema migrations, applied once each and recorded; never edit one after
  release. The runner and the table of versions.
- `rebuild`: A damaged library index rebuilt from the book files, keeping the reading positions
  that can still be read from the damaged database.
- `writer`: The one writer: a thread that owns a connection and runs submitted writes in order.
"""

"""SQLite: the connection, numbered migrations, the one writer thread, library faults explained.

Front door: `db.py` and `migrations.py`.

Modules:
- `db`: Opening the library database: one SQLite file in WAL mode, migrated on open.
- `faults`: Library faults a reader can meet (full disk, read-only folder, damaged database),
  explained.
- `file_lock`: A lock shared by every process using one library: the window, its preparation child,
  the command line and the MCP server.
- `migrations`: Numbered schema migrations, applied once each and recorded; never edit one after
  release.
- `rebuild`: A damaged library index rebuilt from the book files, keeping the reading positions
  that can still be read from the damaged database.
- `writer`: The one writer: a thread that owns a connection and runs submitted writes in order.
"""

"""Where Pagemate keeps its library and finds its bundled assets."""

from __future__ import annotations

import os
import sys
from pathlib import Path

HOME_ENV = "READER_APP_HOME"


def library_home(default: Path | None = None) -> Path:
    """The library folder: `READER_APP_HOME` if set, else `default` (Qt's AppDataLocation)."""
    override = os.environ.get(HOME_ENV)
    if override:
        home = Path(override).expanduser()
    elif default is not None:
        home = default
    else:
        home = _platform_data_dir() / "Pagemate"
    home.mkdir(parents=True, exist_ok=True)
    return home


def _platform_data_dir() -> Path:
    # Mirrors QStandardPaths.AppDataLocation without importing Qt (the core stays Qt-free).
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support"
    return Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))


def database_path(home: Path) -> Path:
    return home / "library.sqlite3"


def index_dir(home: Path, book_id: str) -> Path:
    return home / "indexes" / book_id


def cache_dir(home: Path) -> Path:
    path = home / "cache"
    path.mkdir(parents=True, exist_ok=True)
    return path


def assets_dir() -> Path:
    """Bundled assets, from a source checkout or from a PyInstaller bundle."""
    bundle_root = getattr(sys, "_MEIPASS", None)
    if bundle_root:
        return Path(bundle_root) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"

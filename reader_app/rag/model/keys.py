"""API keys, each bound to the one server it was entered for (its scheme, host and port): a key
is sent only there, and changing the address, in Settings or with `--server`, never carries it
along.

A key is kept in the system keyring where there is one (the `keyring` package: the Secret Service
on Linux, the Keychain on macOS, the Credential Manager on Windows); elsewhere in
`api-keys.json` in the library folder, readable only by its owner, and the Settings page says so.
A key entered before keys were bound to servers (`assistant.api_key`) counts for the address
that was in Settings with it, and nowhere else.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

SERVICE = "Pagemate model servers"
KEYS_FILE = "api-keys.json"
# Set to "0" to keep keys in the library folder even where a system keyring exists (the tests
# do, so that no test ever writes to the keyring of the machine it runs on).
USE_KEYRING = "READER_APP_KEYRING"


class ApiKeys:
    """The keys of one library's servers, each under its server's origin ("http://host:port",
    `servers.origin_of`). `home`: the library folder (None: the system keyring or nowhere);
    `legacy`: the origin and key of a key entered before keys were bound to servers."""

    def __init__(self, home: Path | None, *, legacy: tuple[str, str] = ("", "")) -> None:
        self.home = home
        self._legacy_origin, self._legacy_key = legacy if legacy[1] else ("", "")
        self._keyring = _system_keyring()

    @property
    def where(self) -> str:
        """Where keys are kept, in the reader's words."""
        if self._keyring is not None:
            return "Kept in the system keyring, for this server only."
        return (f"Kept in {KEYS_FILE} in the library folder (readable only by you; no system "
                "keyring was found), for this server only.")

    def get(self, origin: str) -> str:
        """The key for the server at `origin` ("": none)."""
        if not origin:
            return ""
        if self._keyring is not None:
            with contextlib.suppress(Exception):  # a locked or broken keyring: as if none
                key = self._keyring.get_password(SERVICE, origin)
                if key:
                    return str(key)
        key = self._file().get(origin, "")
        if not key and origin == self._legacy_origin:
            key = self._legacy_key
        return str(key)

    def set(self, origin: str, key: str) -> None:
        """Keep `key` for the server at `origin` ("": forget it). Raises OSError when the
        library folder cannot be written."""
        if not origin:
            return
        key = key.strip()
        if self._keyring is not None:
            try:
                if key:
                    self._keyring.set_password(SERVICE, origin, key)
                else:
                    with contextlib.suppress(Exception):
                        self._keyring.delete_password(SERVICE, origin)
                self._forget_in_file(origin)
                return
            except Exception:  # a keyring that refuses: the library folder instead
                pass
        stored = self._file()
        if key:
            stored[origin] = key
        else:
            stored.pop(origin, None)
        self._write(stored)

    def _forget_in_file(self, origin: str) -> None:
        stored = self._file()
        if origin in stored:
            stored.pop(origin)
            self._write(stored)

    def _file(self) -> dict[str, str]:
        if self.home is None:
            return {}
        try:
            data: Any = json.loads((self.home / KEYS_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {str(k): str(v) for k, v in data.items() if isinstance(v, str)}

    def _write(self, stored: dict[str, str]) -> None:
        if self.home is None:
            return
        path = self.home / KEYS_FILE
        temporary = path.with_suffix(".tmp")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            json.dump(stored, handle)
        os.replace(temporary, path)


def _system_keyring() -> Any:
    """The system keyring, when there is a usable one and it is not turned off; else None."""
    if os.environ.get(USE_KEYRING, "1") == "0":
        return None
    try:
        import keyring  # here, not at the top: it looks for its backends when imported
        from keyring.backends import fail
    except ImportError:
        return None
    try:
        backend = keyring.get_keyring()
        if isinstance(backend, fail.Keyring) or getattr(backend, "priority", 0) <= 0:
            return None
    except Exception:  # a keyring that cannot even say what it is
        return None
    return backend

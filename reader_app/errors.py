"""Errors a user can cause, each with a message a reader can act on."""

from __future__ import annotations

from pathlib import Path


class ReaderError(Exception):
    """Base for every error that is shown to the user rather than treated as a bug."""


class BookError(ReaderError):
    """A book file could not be opened. The message names the file and the reason."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"Can't open “{self.path.name}”: {reason}")


class DrmProtectedError(BookError):
    """The EPUB's content is encrypted (DRM); Pagemate cannot read it."""


class UnsafeBookError(BookError):
    """The file looks hostile: a zip bomb, path traversal, entity expansion, giant image."""


class UnsupportedFormatError(BookError):
    """Not an EPUB or CBZ."""


class ScopeError(ReaderError):
    """A search or question was asked without a usable reading state."""


class QueryError(ReaderError):
    """An empty or otherwise unusable query."""


class AssistantUnavailableError(ReaderError):
    """Ollama is not reachable or the model is missing."""

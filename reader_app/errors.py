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


class DamagedBookError(BookError):
    """A member of the book's archive cannot be read: corrupt data, a CRC mismatch, cut short."""

    def __init__(self, path: Path | str, member: str, detail: str) -> None:
        self.member = member
        super().__init__(path, f"the file is damaged: “{member}” cannot be read ({detail}).")


class BookTooLargeError(UnsafeBookError):
    """The book holds more text or elements than any real book; refused rather than hang."""


class UnsupportedFormatError(BookError):
    """Not an EPUB or CBZ."""


class LibraryError(ReaderError):
    """The library folder or its database cannot be used: full disk, read-only, damaged."""

    def __init__(self, message: str, *, damaged: bool = False) -> None:
        self.damaged = damaged  # True when rebuilding the library index can fix it
        super().__init__(message)


class ScopeError(ReaderError):
    """A search or question was asked without a usable reading state."""


class QueryError(ReaderError):
    """An empty or otherwise unusable query."""


class AssistantUnavailableError(ReaderError):
    """Ollama is not reachable or the model is missing."""


class OllamaUnreachableError(AssistantUnavailableError):
    """Nothing answers at the Ollama host."""

    def __init__(self, *, host: str) -> None:
        self.host = host
        super().__init__(
            f"Ollama isn't running at {host}. Start it, or change the host in Settings."
        )


class ModelMissingError(AssistantUnavailableError):
    """Ollama runs but the chosen model is not installed; the UI offers to download it."""

    def __init__(self, *, model: str, host: str) -> None:
        self.model = model
        self.host = host
        super().__init__(
            f"The model “{model}” isn't installed in Ollama at {host}. Download it, "
            "or choose another model in Settings."
        )


class AssistantTimeoutError(AssistantUnavailableError):
    """Ollama took too long to answer."""

    def __init__(self, *, host: str, seconds: float) -> None:
        self.host = host
        self.seconds = seconds
        super().__init__(
            f"Ollama at {host} didn't answer within {seconds:g} seconds. It may be busy "
            "loading the model; try again, or choose a smaller model in Settings."
        )


class AnswerFailedError(ReaderError):
    """The model failed while answering; what it had said so far is kept, marked incomplete."""


class ReplyTooLargeError(AnswerFailedError):
    """The model server sent a line or a reply past the gateway's cap; reading stopped there."""

    def __init__(self, *, host: str, limit_bytes: int) -> None:
        self.host = host
        self.limit_bytes = limit_bytes
        super().__init__(
            f"The model server at {host} sent a reply too large to read (over "
            f"{limit_bytes / 1_048_576:.0f} MB without a break); reading stopped there. "
            "Is the host in Settings really Ollama?"
        )

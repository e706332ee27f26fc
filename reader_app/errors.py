"""Errors a user can cause, each with a message a reader can act on.

Each keeps its message as a `Sentence` too (reader_app/translatable.py): a template
marked for Qt's translation and its arguments, which the window puts in the reader's language
(`ui/translation.py`, `said`); `str(error)` stays the English message. No Qt here.
"""

from __future__ import annotations

from pathlib import Path

from reader_app.translatable import QT_TRANSLATE_NOOP, Part, Sentence, sentence


class ReaderError(Exception):
    """Base for every error that is shown to the user rather than treated as a bug."""

    sentence: Sentence | None = None  # the message, for the window to translate; None: English

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], Sentence):
            self.said(args[0])
        else:
            super().__init__(*args)

    def said(self, message: Sentence) -> None:
        """Make `message` this error's message (its English text, and the sentence kept)."""
        self.sentence = message
        Exception.__init__(self, str(message))


class BookError(ReaderError):
    """A book file could not be opened. The message names the file and the reason (a
    `Sentence` when the window can translate it, else an English phrase)."""

    def __init__(self, path: Path | str, reason: str | Sentence) -> None:
        self.path = Path(path)
        self.reason = str(reason)
        self.why = reason  # the reason as given: a sentence the window can translate
        self.said(sentence(QT_TRANSLATE_NOOP("Errors", "Can't open “{file}”: {reason}"),
                           file=self.path.name, reason=reason))


class DrmProtectedError(BookError):
    """The EPUB's content is encrypted (DRM); Pagemate cannot read it."""


class UnsafeBookError(BookError):
    """The file looks hostile: a zip bomb, path traversal, entity expansion, giant image."""


class DamagedBookError(BookError):
    """A member of the book's archive cannot be read: corrupt data, a CRC mismatch, cut short."""

    def __init__(self, path: Path | str, member: str, detail: Part) -> None:
        self.member = member
        super().__init__(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "the file is damaged: “{member}” cannot be read ({detail})."),
            member=member, detail=detail))


class BookTooLargeError(UnsafeBookError):
    """The book holds more text or elements than any real book; refused rather than hang."""


class UnsupportedFormatError(BookError):
    """Not an EPUB or CBZ."""


class LibraryError(ReaderError):
    """The library folder or its database cannot be used: full disk, read-only, damaged."""

    def __init__(
        self, message: str | Sentence, *, damaged: bool = False, empty: bool = False,
        read_only: bool = False,
    ) -> None:
        self.damaged = damaged  # True when rebuilding the library index can fix it
        self.empty = empty  # the index file is there but empty: rebuilding loses nothing more
        self.read_only = read_only  # the library can still be read, not written
        super().__init__(message)


class ScopeError(ReaderError):
    """A search or question was asked without a usable reading state."""


class QueryError(ReaderError):
    """An empty or otherwise unusable query."""


class AssistantUnavailableError(ReaderError):
    """The model server is not reachable or the model is missing."""


OLLAMA = "Ollama"


class OllamaUnreachableError(AssistantUnavailableError):
    """Nothing answers at the model server's address (Ollama's, or any other server's)."""

    def __init__(self, *, host: str, server: str = OLLAMA) -> None:
        self.host = host
        self.server = server
        if server == OLLAMA:
            message = sentence(QT_TRANSLATE_NOOP(
                "Errors", "Ollama isn't running at {host}. Start it, or change the host in "
                "Settings."), host=host)
        else:
            message = sentence(QT_TRANSLATE_NOOP(
                "Errors", "No model server answers at {host}. Start it (LM Studio, llama.cpp's "
                "server, …), or choose another server in Settings."), host=host)
        self.said(message)


class ModelMissingError(AssistantUnavailableError):
    """The server runs but has no such model; for Ollama the UI offers to download it."""

    def __init__(self, *, model: str, host: str, server: str = OLLAMA) -> None:
        self.model = model
        self.host = host
        self.server = server
        if server == OLLAMA:
            message = sentence(QT_TRANSLATE_NOOP(
                "Errors", "The model “{model}” isn't installed in Ollama at {host}. Download it, "
                "or choose another model in Settings."), model=model, host=host)
        else:
            message = sentence(QT_TRANSLATE_NOOP(
                "Errors", "The model server at {host} has no model “{model}”. Load it there, or "
                "choose one of its models in Settings."), model=model, host=host)
        self.said(message)


class RemoteServerNotAllowedError(AssistantUnavailableError):
    """The server is on another computer and the reader has not agreed to send text there."""

    def __init__(self, *, host: str) -> None:
        self.host = host
        self.said(sentence(QT_TRANSLATE_NOOP(
            "Errors", "The model server {host} is not on this computer: the book text you have "
            "read would be sent there. Allow it in Settings (Assistant › Server) if you agree, or "
            "choose a server on this computer."), host=host))


class ServerAddressError(AssistantUnavailableError):
    """The model server's address cannot be used as one (as typed in Settings or --server)."""


class AssistantTimeoutError(AssistantUnavailableError):
    """The model server took too long to answer."""

    def __init__(self, *, host: str, seconds: float, server: str = OLLAMA) -> None:
        self.host = host
        self.seconds = seconds
        self.server = server
        if server == OLLAMA:
            template = QT_TRANSLATE_NOOP(
                "Errors", "Ollama at {host} didn't answer within {seconds} seconds. It may be "
                "busy loading the model; try again, or choose a smaller model in Settings.")
        else:
            template = QT_TRANSLATE_NOOP(
                "Errors", "The model server at {host} didn't answer within {seconds} seconds. It "
                "may be busy loading the model; try again, or choose a smaller model in Settings.")
        self.said(sentence(template, host=host, seconds=f"{seconds:g}"))


class AnswerFailedError(ReaderError):
    """The model failed while answering; what it had said so far is kept, marked incomplete."""


class ContextTooLongError(AnswerFailedError):
    """The request was longer than the context the server gives a request: refused, not cut."""

    def __init__(self, *, host: str, context_tokens: int | None, prompt_tokens: int | None) -> None:
        self.host = host
        self.context_tokens = context_tokens
        self.prompt_tokens = prompt_tokens
        sizes: Part = ""
        if prompt_tokens and context_tokens:
            sizes = sentence(QT_TRANSLATE_NOOP(
                "Errors", " ({prompt} tokens for a context of {context})"),
                prompt=prompt_tokens, context=context_tokens)
        elif context_tokens:
            sizes = sentence(QT_TRANSLATE_NOOP("Errors", " (its context is {context} tokens)"),
                             context=context_tokens)
        self.said(sentence(QT_TRANSLATE_NOOP(
            "Errors", "The question and its passages were too long for the model at "
            "{host}{sizes}. The next question sends fewer passages; a model or server setting "
            "with a larger context would let it read more."), host=host, sizes=sizes))


class ReplyTooLargeError(AnswerFailedError):
    """The model server sent a line or a reply past the gateway's cap; reading stopped there."""

    def __init__(self, *, host: str, limit_bytes: int) -> None:
        self.host = host
        self.limit_bytes = limit_bytes
        self.said(sentence(QT_TRANSLATE_NOOP(
            "Errors", "The model server at {host} sent a reply too large to read (over {mb} MB "
            "without a break); reading stopped there. Is the server in Settings really a model "
            "server?"), host=host, mb=f"{limit_bytes / 1_048_576:.0f}"))

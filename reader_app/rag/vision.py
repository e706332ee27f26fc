"""The vision model in Ollama that describes comic pages, and the setting-aware entry point.

Kept beside `llm.py` (the text gateway) because it calls a model; what may be described and how
it is stored is `reader_app.comics.describe`.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from reader_app.books.model import Book
from reader_app.comics.describe import (
    CancelCheck,
    DescriptionRun,
    PageDescriber,
    ProgressCallback,
    describe_reached_pages,
)
from reader_app.errors import (
    AnswerFailedError,
    AssistantTimeoutError,
    AssistantUnavailableError,
    ModelMissingError,
    OllamaUnreachableError,
)
from reader_app.rag import prompts
from reader_app.settings import SettingsStore


class OllamaPageDescriber:
    """A vision model in Ollama, through the official client (llm.py has no image call)."""

    def __init__(self, *, host: str, model: str, timeout: float = 180.0) -> None:
        self.host = host
        self._model = model
        self.timeout = timeout

    @property
    def model(self) -> str:
        return self._model

    def describe(self, image: bytes, *, page_number: int, title: str) -> str:
        import ollama

        client = ollama.Client(host=self.host, timeout=self.timeout)
        prompt = prompts.PAGE_DESCRIPTION_PROMPT.format(
            page=page_number, title=prompts.attribute(title)
        )
        messages: list[dict[str, Any]] = [{"role": "user", "content": prompt, "images": [image]}]
        try:
            response = client.chat(
                model=self._model,
                messages=messages,
                stream=False,
                options={
                    "temperature": 0,
                    "num_predict": prompts.PAGE_DESCRIPTION_MAX_TOKENS,
                    "num_ctx": prompts.context_window(
                        messages, max_tokens=prompts.PAGE_DESCRIPTION_MAX_TOKENS
                    ),
                },
            )
        except Exception as error:
            raise _unavailable(error, host=self.host, model=self._model,
                               timeout=self.timeout) from error
        return response.message.content or ""


def vision_models(*, host: str, timeout: float = 10.0) -> list[str]:
    """The installed Ollama models that can see images (`/api/tags`, then `/api/show`)."""
    import ollama

    client = ollama.Client(host=host, timeout=timeout)
    try:
        names = sorted(m.model for m in client.list().models if m.model)
        return [name for name in names if "vision" in (client.show(name).capabilities or [])]
    except Exception as error:
        raise _unavailable(error, host=host, model="", timeout=timeout) from error


def pick_vision_model(*, host: str, preferred: str = "") -> str | None:
    """The preferred model if it is installed and sees images, else the first one that does."""
    available = vision_models(host=host)
    for name in (preferred, f"{preferred}:latest"):
        if preferred and name in available:
            return name
    return available[0] if available else None


def describe_pages(
    conn: sqlite3.Connection,
    home: Path,
    book: Book,
    *,
    prepare_whole_comic: bool = False,
    describer: PageDescriber | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelCheck | None = None,
) -> DescriptionRun:
    """Describe the pages of a comic the reader has reached (`describe_reached_pages`).

    Runs only when the `comics.describe_pages` setting is on and a vision model is installed;
    otherwise the run says why in `reason`.
    """
    settings = SettingsStore(conn)
    if not settings.get("comics.describe_pages"):
        return DescriptionRun(reason="Page descriptions are off in Settings.")
    if describer is None:
        host = settings.get("assistant.ollama_host")
        try:
            model = pick_vision_model(host=host, preferred=settings.get("comics.vision_model"))
        except AssistantUnavailableError as error:
            return DescriptionRun(reason=str(error))
        if model is None:
            return DescriptionRun(
                reason="No vision model is installed in Ollama, so pages can't be described."
            )
        describer = OllamaPageDescriber(host=host, model=model)
    return describe_reached_pages(
        conn,
        home,
        book,
        describer=describer,
        prepare_whole_comic=prepare_whole_comic,
        progress=progress,
        cancel=cancel,
    )


def _unavailable(error: Exception, *, host: str, model: str, timeout: float) -> Exception:
    """Ollama's and httpx's errors as the reader-facing ones the rest of the app shows."""
    import httpx
    import ollama

    if isinstance(error, ollama.ResponseError):
        if error.status_code == 404 and model:
            return ModelMissingError(model=model, host=host)
        return AnswerFailedError(f"Ollama reported an error: {error.error}")
    if isinstance(error, httpx.TimeoutException):
        return AssistantTimeoutError(host=host, seconds=timeout)
    if isinstance(error, ConnectionError | httpx.ConnectError):
        return OllamaUnreachableError(host=host)
    return error

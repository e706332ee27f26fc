"""A comic page described by a vision model: the request (the page's image, sealed, and a short
prompt, nothing else), the model that can see it, and the setting-aware entry point. What may be
described and how it is stored is `reader_app.comics.describe`.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from reader_app.books.model import Book
from reader_app.cancel import CancelToken
from reader_app.comics.describe import (
    DescriptionRun,
    PageDescriber,
    ProgressCallback,
    describe_reached_pages,
)
from reader_app.errors import AssistantUnavailableError
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.model.schedule import Priority
from reader_app.rag.model.servers import ServerChoice, api_of
from reader_app.rag.scope.boundary import last_page_to_describe
from reader_app.rag.scope.quoting import attribute
from reader_app.rag.scope.request import ModelRequest, sealed_request
from reader_app.rag.scope.sealed import ScopedPageImage, ScopeViolationError
from reader_app.settings import SettingsStore
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence, words_of

# A short description of one page, sent with that page's image and nothing else.
PAGE_DESCRIPTION_PROMPT = """\
This is page {page} of the comic "{title}". Describe the page in two or three plain sentences: \
who is in it and what happens, panel by panel. Describe only what this page shows; do not guess \
what happens before or after it, and do not copy out the speech bubbles word for word."""
PAGE_DESCRIPTION_MAX_TOKENS = 200


def page_request(page: ScopedPageImage) -> ModelRequest:
    if not isinstance(page, ScopedPageImage):
        raise ScopeViolationError("a page is described only from a ScopedPageImage")
    prompt = PAGE_DESCRIPTION_PROMPT.format(page=page.page_index + 1, title=attribute(page.title))
    return sealed_request("describe page", inputs=(page,),
                          messages=lambda: [{"role": "user", "content": prompt,
                                             "images": [page.image]}],
                          max_tokens=PAGE_DESCRIPTION_MAX_TOKENS)


class OllamaPageDescriber:
    """A vision model in Ollama, through the one gateway every model call goes through.

    It is made with the last page `rag.scope.boundary` allows and refuses any page past it: the
    image can reach the gateway only as a sealed `ScopedPageImage`.
    """

    def __init__(self, *, host: str, model: str, last_page: int, timeout: float = 180.0,
                 text_may_leave: bool = True) -> None:
        self.host = host
        self._model = model
        self.text_may_leave = text_may_leave
        self.last_page = last_page
        self.timeout = timeout

    @property
    def model(self) -> str:
        return self._model

    def describe(self, image: bytes, *, page_number: int, title: str) -> str:
        page = ScopedPageImage.of(
            page_index=page_number - 1, limit=self.last_page, title=title, image=image
        )
        gateway = ModelGateway(host=self.host, model=self._model, timeout=self.timeout,
                               text_may_leave=self.text_may_leave)
        try:
            return gateway.reply(page_request(page), priority=Priority.BACKGROUND)
        finally:
            gateway.close()


def vision_models(*, host: str, timeout: float = 10.0) -> list[str]:
    """The installed Ollama models that can see images (`/api/tags`, then `/api/show`)."""
    gateway = ModelGateway(host=host, model="", timeout=timeout)
    try:
        return gateway.models.vision()
    finally:
        gateway.close()


def pick_vision_model(*, host: str, preferred: str = "") -> str | None:
    """The preferred model if it is installed and sees images, else the first one that does.
    An OpenAI-compatible server cannot say which of its models see images: there, the model the
    reader named (Settings, `comics.vision_model`) is used if the server offers it."""
    if api_of(host) == "openai":
        if not preferred:
            return None
        gateway = ModelGateway(host=host, model=preferred, timeout=10.0)
        try:
            return preferred if gateway.models.has() else None
        finally:
            gateway.close()
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
    cancel: CancelToken | None = None,
) -> DescriptionRun:
    """Describe the pages of a comic the reader has reached (`describe_reached_pages`).

    Runs only when the `comics.describe_pages` setting is on and a vision model is installed;
    otherwise the run says why in `reason`.
    """
    settings = SettingsStore(conn)
    last_page = last_page_to_describe(
        conn, book.book_id, page_count=len(book.sections), whole_comic=prepare_whole_comic
    )
    if not settings.get("comics.describe_pages"):
        return DescriptionRun(reason=sentence(QT_TRANSLATE_NOOP(
            "Errors", "Page descriptions are off in Settings.")))
    if describer is None:
        server = ServerChoice.from_settings(settings)
        host = server.url
        try:
            model = pick_vision_model(host=host, preferred=settings.get("comics.vision_model"))
        except AssistantUnavailableError as error:
            return DescriptionRun(reason=words_of(error))
        if model is None:
            return DescriptionRun(
                reason=sentence(QT_TRANSLATE_NOOP(
                    "Errors", "No vision model is installed in Ollama, so pages can't be "
                    "described.")) if api_of(host) == "ollama" else sentence(QT_TRANSLATE_NOOP(
                    "Errors", "The model server cannot say which of its models see pictures: "
                    "name one it offers as the vision model in Settings, or use Ollama with a "
                    "vision model."))
            )
        describer = OllamaPageDescriber(host=host, model=model, last_page=last_page,
                                        text_may_leave=server.allowed)
    return describe_reached_pages(
        conn,
        home,
        book,
        describer=describer,
        last_page=last_page,
        progress=progress,
        cancel=cancel,
    )

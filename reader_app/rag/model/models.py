"""A server's shelf of models: which it offers, whether it has the one asked for, which can see
pictures, and downloading one (Ollama). Nothing here carries a reader's text."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from reader_app.cancel import CancelToken
from reader_app.rag.model.wire import PullCancelledError, PullProgress, Wire
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence


class ServerModels:
    """The models of the server behind `wire`; `model` is the one the reader chose."""

    def __init__(self, wire: Wire, model: str) -> None:
        self.wire = wire
        self.model = model

    def installed(self) -> list[str]:
        return self.wire.models()

    def has(self, name: str | None = None) -> bool:
        wanted = name or self.model
        installed = self.installed()
        return wanted in installed or f"{wanted}:latest" in installed

    def vision(self) -> list[str]:
        """The models that can see images, where the server can tell (Ollama's `/api/show`)."""
        return self.wire.vision_models()

    def pull(
        self,
        *,
        name: str | None = None,
        progress: Callable[[PullProgress], None] | None = None,
        cancel: CancelToken | None = None,
    ) -> None:
        """Download a model with progress (Ollama). Raises PullCancelledError when cancelled."""
        parts = self.wire.pull(name or self.model)
        with contextlib.closing(parts):  # type: ignore[type-var]
            for part in parts:
                if cancel is not None and cancel.cancelled:
                    raise PullCancelledError(sentence(QT_TRANSLATE_NOOP(
                        "Errors", "Download of “{model}” cancelled."),
                        model=name or self.model))
                if progress is not None:
                    progress(part)

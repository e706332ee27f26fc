"""A piece of the assistant's preparation news in words ("Assistant ready · indexing the rest:
40%"), for the assistant's status line (ui/assistant/assistant_line.py, which shows it)."""

from __future__ import annotations

from PySide6.QtCore import QLocale

from reader_app.prepare.news import PrepareNews
from reader_app.ui.translation import translate


def tr(text: str) -> str:
    """In the status line's own context, so that it knows its "Assistant ready"."""
    return translate("AssistantLine", text)


def preparation_words(news: PrepareNews) -> str:
    percent = round(news.fraction * 100)
    shown = QLocale().toString(percent)
    text = {
        "ocr": tr("Reading the comic's pages: {0}%").format(shown),
        "describe": tr("Describing pages: {0}%").format(shown),
        "text": tr("Assistant ready · answering from keyword search while the index catches up: "
                   "{0}%").format(QLocale().toString(0)),
        # The text (and so the keyword index) is whole before any "index" news: answers
        # come from keyword search while the embeddings catch up.
        "index": (
            tr("Assistant ready · answering from keyword search while the index catches up: "
               "{0}%").format(shown)
        ),
        "covered": tr("Assistant ready · indexing the rest: {0}%").format(shown),
        "ready": tr("Assistant ready"),
        "cancelled": "",
        "failed": tr("Assistant unavailable: {0}").format(news.message),
    }[news.stage]
    if news.stage in ("index", "describe") and news.message and news.fraction == 0:
        text = news.message
    elif news.stage == "covered" and news.message:
        text = tr("Assistant ready · {0}").format(news.message)
    return text

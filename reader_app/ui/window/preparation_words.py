"""A piece of the assistant's preparation news in words ("Assistant ready · indexing the rest:
40%"), for the assistant's status line (ui/assistant/assistant_line.py, which shows it)."""

from __future__ import annotations

from PySide6.QtCore import QLocale

from reader_app.prepare.news import PrepareNews
from reader_app.ui.translation import said, translate


def preparation_words(news: PrepareNews) -> str:
    # In the status line's own context, so that it knows its "Assistant ready".
    percent = QLocale().toString(round(news.fraction * 100))
    message = said(news.words)  # in the window's language where the preparation marked it
    catching_up = translate("AssistantLine", "Assistant ready · answering from keyword search "
                                             "while the index catches up: {0}%")
    text = {
        "layer": translate("AssistantLine", "Reading the PDF's text: {0}%").format(percent),
        # a comic's, or a scanned PDF's
        "ocr": translate("AssistantLine", "Reading the pages (OCR): {0}%").format(percent),
        "describe": translate("AssistantLine", "Describing pages: {0}%").format(percent),
        "text": catching_up.format(QLocale().toString(0)),
        # The text (and so the keyword index) is whole before any "index" news: answers
        # come from keyword search while the embeddings catch up.
        "index": catching_up.format(percent),
        "covered": translate("AssistantLine", "Assistant ready · indexing the rest: {0}%").format(
            percent),
        "ready": translate("AssistantLine", "Assistant ready"),
        "cancelled": "",
        "failed": translate("AssistantLine", "Assistant unavailable: {0}").format(message),
    }[news.stage]
    if news.stage in ("index", "describe") and news.message and news.fraction == 0:
        text = message
    elif news.stage == "covered" and news.message:
        text = translate("AssistantLine", "Assistant ready · {0}").format(message)
    return text

"""A piece of the assistant's preparation news in words ("Assistant ready · indexing the rest:
40%"), for the assistant's status line (ui/assistant/assistant_line.py, which shows it)."""

from __future__ import annotations

from reader_app.prepare.news import PrepareNews


def preparation_words(news: PrepareNews) -> str:
    percent = round(news.fraction * 100)
    text = {
        "layer": f"Reading the PDF's text: {percent}%",
        "ocr": f"Reading the pages (OCR): {percent}%",  # a comic's, or a scanned PDF's
        "describe": f"Describing pages: {percent}%",
        "text": "Assistant ready · answering from keyword search while the index catches up: 0%",
        # The text (and so the keyword index) is whole before any "index" news: answers
        # come from keyword search while the embeddings catch up.
        "index": (
            "Assistant ready · answering from keyword search while the index catches up: "
            f"{percent}%"
        ),
        "covered": f"Assistant ready · indexing the rest: {percent}%",
        "ready": "Assistant ready",
        "cancelled": "",
        "failed": f"Assistant unavailable: {news.message}",
    }[news.stage]
    if news.stage in ("index", "describe") and news.message and news.fraction == 0:
        text = news.message
    elif news.stage == "covered" and news.message:
        text = f"Assistant ready · {news.message}"
    return text

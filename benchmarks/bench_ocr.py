"""Comic OCR: seconds per page and dialogue character error rate on the corpus comics.

Side by side: OCR from scratch versus the same book again from the page cache, and the app's
panel reading order versus rapidocr's own top-to-bottom line order on a drawn two-panel page.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from reader_app.books.opening.formats import read_book
from reader_app.comics.ocr import RapidOcrEngine
from reader_app.comics.reading_order import detect_panels, read_page
from reader_app.comics.text import ocr_book
from reader_app.store.db import connect
from tests.unit.comics.cbzbook import TimedEngine, draw_bubble, panel_page
from tests.unit.comics.transcripts import score_episode

COMICS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "comics"
EPISODES = ["pepper-and-carrot_ep01_potion-of-flight", "pepper-and-carrot_ep02_rainbow-potions"]


def run() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    engine = RapidOcrEngine()
    started = time.perf_counter()
    engine.read_lines(Image.new("RGB", (64, 64), "white"))  # loads the models
    rows.append(_row("model load", time.perf_counter() - started, "s", "", "rapidocr, 2 cores"))
    all_seconds: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        conn = connect(home)
        for name in EPISODES:
            path = COMICS / f"{name}.cbz"
            book = read_book(path)
            timed = TimedEngine(engine)
            texts = ocr_book(conn, home, book, engine=timed)
            all_seconds.extend(timed.seconds)
            score = score_episode(texts, COMICS / f"{name}.transcript.json")
            episode = name.split("_")[1]
            rows.append(_row(f"{episode} OCR per page (median)",
                             statistics.median(timed.seconds), "s", "",
                             f"{len(timed.seconds)} pages, max {max(timed.seconds):.2f} s"))
            rows.append(_row(f"{episode} dialogue CER", score.cer * 100, "%", "< 15",
                             f"{score.errors}/{score.reference_chars} chars, "
                             f"{score.blocks} blocks"))
            started = time.perf_counter()
            again = ocr_book(conn, home, book, engine=TimedEngine(engine))
            assert again.pages_recognised == 0
            rows.append(_row(f"{episode} again from the cache", time.perf_counter() - started,
                             "s", "", "whole book: hash pages, read the cache, order"))
        conn.close()
    rows.append(_row("OCR per page (median, all 13)", statistics.median(all_seconds), "s", "", ""))
    rows.extend(_reading_order_rows(engine))
    return rows


def _reading_order_rows(engine: RapidOcrEngine) -> list[dict[str, Any]]:
    """Bubbles in their right place on a two-panel page: raw line order versus panel order."""
    image = panel_page((1000, 1400), [(30, 30, 485, 1370), (515, 30, 970, 1370)])
    draw = ImageDraw.Draw(image)
    expected = ["Where is the cat?", "Not here.", "Look up there!", "Found him."]
    bubbles = {(250, 200): ["Where is", "the cat?"], (740, 450): ["Look up", "there!"],
               (250, 800): ["Not here."], (740, 1100): ["Found him."]}
    for center, bubble in bubbles.items():
        draw_bubble(draw, center, bubble)
    lines = engine.read_lines(image)
    panels = detect_panels(np.asarray(image.convert("L")))
    ours = [block.text for block in read_page(lines, panels=panels)]
    raw = " ".join(line.text for line in lines)  # rapidocr's order: top to bottom, page-wide
    raw_order = sorted(expected, key=lambda text: raw.find(text.split()[0]))
    raw_correct = sum(a == b for a, b in zip(raw_order, expected, strict=True))
    ours_correct = sum(a == b for a, b in zip(ours, expected, strict=False))
    return [
        _row("two-panel page, bubbles in place: panel order", ours_correct, "of 4", "4", ""),
        _row("two-panel page, bubbles in place: raw line order", raw_correct, "of 4", "",
             "the alternative: rapidocr's own order"),
    ]


def _row(metric: str, value: float, unit: str, target: str, note: str) -> dict[str, Any]:
    return {"benchmark": "ocr", "metric": metric, "value": value, "unit": unit,
            "target": target, "note": note}

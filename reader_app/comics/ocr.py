"""Text recognition on one page image: rapidocr with its bundled models, offline and quiet."""

from __future__ import annotations

import importlib.metadata
import logging
import threading
from typing import Any, Protocol

from PIL import Image

from reader_app.comics.reading_order import OcrLine, Point

log = logging.getLogger(__name__)

# rapidocr reports its own guesses down to 0.5; below this they are mostly art read as letters.
MIN_LINE_SCORE = 0.6


class OcrFailedError(Exception):
    """The OCR engine could not read a page (the page is then skipped, not the book)."""


class OcrEngine(Protocol):
    """Anything that turns an RGB page image into text lines in the image's pixel coordinates."""

    @property
    def engine_id(self) -> str:
        """Names the engine and its models: cached results from another engine are not reused."""
        ...

    def read_lines(self, image: Image.Image) -> list[OcrLine]: ...


class RapidOcrEngine:
    """rapidocr (PP-OCR detection + recognition, ONNX Runtime) with the models in its wheel.

    The models load on first use, about a second on two cores; keep one engine per worker.
    """

    def __init__(self, *, min_score: float = MIN_LINE_SCORE) -> None:
        self.min_score = min_score
        self._engine: Any = None
        self._lock = threading.Lock()

    @property
    def engine_id(self) -> str:
        # The package metadata, not the module: importing rapidocr loads OpenCV and ONNX Runtime.
        return f"rapidocr-{importlib.metadata.version('rapidocr')}"

    def read_lines(self, image: Image.Image) -> list[OcrLine]:
        engine = self._loaded()
        try:
            result = engine(image.convert("RGB"))
        except Exception as error:  # rapidocr raises plain exceptions from many layers
            raise OcrFailedError(f"OCR failed: {error}") from error
        if result.boxes is None or result.txts is None:
            return []  # no text on the page
        lines = []
        for quad, text, score in zip(result.boxes, result.txts, result.scores, strict=True):
            if float(score) < self.min_score or not str(text).strip():
                continue
            corners = tuple((float(x), float(y)) for x, y in quad)
            lines.append(OcrLine(str(text).strip(), _four(corners), float(score)))
        return lines

    def _loaded(self) -> Any:
        with self._lock:
            if self._engine is None:
                # Imported here: loading onnxruntime costs time the rest of the app never pays.
                from rapidocr import RapidOCR

                # "error" keeps rapidocr from logging every model load and page at INFO level.
                self._engine = RapidOCR(params={"Global.log_level": "error"})
            return self._engine


def _four(corners: tuple[Point, ...]) -> tuple[Point, Point, Point, Point]:
    if len(corners) != 4:
        raise OcrFailedError(f"OCR returned a box with {len(corners)} corners")
    return (corners[0], corners[1], corners[2], corners[3])

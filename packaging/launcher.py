"""The frozen app's entry point: the `reader-app` command line, plus `--self-check` for builds."""

import multiprocessing
import sys
import tempfile
from pathlib import Path

SELF_CHECK = "--self-check"


def self_check() -> int:
    """Loads the offline embedding and OCR models from wherever this program runs, and uses them;
    lists the bundled speech engines and the media formats it plays.

    `pagemate --self-check` checks a build: it needs no network and no Ollama, and prints one line
    per model. (The window itself is checked with `pagemate --screenshot PATH FILE`.)
    """
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    from reader_app.comics.ocr import RapidOcrEngine
    from reader_app.rag.index.embed import default_embedder

    with tempfile.TemporaryDirectory(prefix="pagemate-self-check-") as scratch:
        embedder = default_embedder(home=Path(scratch))
        vectors = embedder.embed(["Mr. Hyde trampled the child.", "Dr. Jekyll wrote a will."])
        if vectors.shape != (2, 384) or not np.all(np.isfinite(vectors)):
            print(f"embedding: FAILED (vectors of shape {vectors.shape})", file=sys.stderr)
            return 1
        print(f"embedding: ok ({vectors.shape[1]} dimensions)")

    page = Image.new("RGB", (640, 160), "white")
    ImageDraw.Draw(page).text((30, 50), "READ ME", fill="black", font=ImageFont.load_default(64))
    text = " ".join(line.text for line in RapidOcrEngine().read_lines(page))
    if "READ" not in text.upper():
        print(f"ocr: FAILED (read {text!r})", file=sys.stderr)
        return 1
    print(f"ocr: ok (read {text!r})")
    return speech_check()


def speech_check() -> int:
    """Qt's speech module and its engine plugins, where the build bundled them (Read aloud)."""
    try:
        from PySide6.QtTextToSpeech import QTextToSpeech
    except ImportError:
        print("speech: not bundled (this build had no PySide6-Addons)")
        return 0
    engines = [name for name in QTextToSpeech.availableEngines() if name != "mock"]
    if not engines:
        print("speech: FAILED (no engine plugin in the bundle)", file=sys.stderr)
        return 1
    print(f"speech: ok ({', '.join(engines)})")
    return media_check()


def media_check() -> int:
    """Qt Multimedia and its FFmpeg backend, where the build bundled them (audio and video in
    the page): the formats it can decode."""
    try:
        from PySide6.QtCore import QCoreApplication
        from PySide6.QtMultimedia import QMediaFormat
    except ImportError:
        print("media: not bundled (this build had no PySide6-Addons)")
        return 0
    _app = QCoreApplication.instance() or QCoreApplication([])  # the backend needs one
    formats = QMediaFormat().supportedFileFormats(QMediaFormat.ConversionMode.Decode)
    if not formats:
        print("media: FAILED (no media backend in the bundle)", file=sys.stderr)
        return 1
    print(f"media: ok ({', '.join(f.name for f in formats)})")
    return 0


def main() -> int:
    if sys.argv[1:] == [SELF_CHECK]:
        return self_check()
    from reader_app.cli import main as reader_app_main

    return reader_app_main()


if __name__ == "__main__":
    # A frozen program that starts worker processes must say so before anything else runs.
    multiprocessing.freeze_support()
    sys.exit(main())

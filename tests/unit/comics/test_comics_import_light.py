"""The comics modules import with no Qt, and without loading the OCR models' runtime."""

import subprocess
import sys

import pytest

MODULES = [
    "reader_app.comics.reading_order",
    "reader_app.comics.ocr",
    "reader_app.comics.text",
    "reader_app.comics.describe",
    "reader_app.rag.pages.vision",
]


@pytest.mark.parametrize("module", MODULES)
def test_importing_comics_module_loads_neither_qt_nor_onnxruntime(module: str) -> None:
    code = (
        f"import sys, importlib; importlib.import_module({module!r}); "
        "heavy = ('PySide6', 'shiboken6', 'PyQt', 'onnxruntime', 'rapidocr', 'cv2'); "
        "loaded = [m for m in sys.modules if m.startswith(heavy)]; "
        "print(','.join(loaded)); sys.exit(1 if loaded else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"{module} loaded: {result.stdout} {result.stderr}"

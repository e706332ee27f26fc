"""The corpus books converted to issue 42's formats (scripts/make_pdf_fixtures.py and
scripts/make_format_fixtures.py), for the
benchmarks beside the EPUBs: those made, by name; none where calibre made none."""

from __future__ import annotations

import os
from pathlib import Path

JEKYLL_STEM = "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde"
# format: (the folder under PAGEMATE_FORMATS, the file's suffix)
FORMATS = {"PDF": ("pdf", ".pdf"), "MOBI": ("", ".mobi"), "AZW3": ("", ".azw3")}


def format_books() -> dict[str, Path]:
    """"Jekyll and Hyde (PDF)" -> its file, for each format whose conversion is there."""
    out = Path(os.environ.get("PAGEMATE_FORMATS", "/tmp/pagemate-formats"))
    found = {}
    for name, (folder, suffix) in FORMATS.items():
        path = out / folder / f"{JEKYLL_STEM}{suffix}"
        if path.is_file():
            found[f"Jekyll and Hyde ({name})"] = path
    return found

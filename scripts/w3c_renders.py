"""Render the W3C EPUB 3 reading-system tests (w3c/epub-tests) through the real window, offscreen.

    python -m scripts.w3c_renders SOURCE [--out /tmp/w3c] [--only NAME ...]

SOURCE is a checkout of w3c/epub-tests, or its bare git directory (the `tests/` folders are read
from HEAD). Nothing is written inside this repository: each `tests/<name>/` folder is zipped into
OUT/epubs/<name>.epub (mimetype first, stored), opened in a `MainWindow` the way a reader opens a
file, and every section of it (up to 6) is saved as OUT/shots/<name>-<i>.png with the table of
contents shown; OUT/results.json says what opened, the note shown on opening, and the text on
each page. docs/conformance.md holds the verdicts, judged by looking at these pictures: the list
of tests that apply to a reflowable reader is `APPLICABLE` below (the rest are fixed layout, media
overlays, scripting, read-aloud lexicons or checker-only tests).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# category -> the tests of it that a reflowable reader without scripting can be judged on by eye.
APPLICABLE: dict[str, tuple[str, ...]] = {
    "Embedded fonts": (
        "cnt-css-fonts_ot", "cnt-css-fonts_tt", "cnt-css-fonts_woff", "cnt-css-fonts_woff2",
    ),
    "Font obfuscation": ("ocf-font_obfuscation", "ocf-font_obfuscation_bis"),
    "XHTML and SVG content": (
        "cnt-xhtml-support", "cnt-svg-support", "cnt-svg-css", "cnt-svg-css-inclusion",
        "cnt-svg-css-reference", "cnt-svg-embedded", "pub-cmt-svg", "pkg-spine-order-svg",
    ),
    "MathML": ("cnt-mathml-support",),
    "data: URLs": ("pub-data-urls_browsing-context", "pub-data-urls_top-level-content"),
    "Core image types": (
        "pub-cmt-gif", "pub-cmt-jpeg", "pub-cmt-png", "pub-cmt-webp", "pub-cmt-avif",
        "pub-cmt-jxl",
    ),
    "Audio and video": ("pub-cmt-mp3", "pub-cmt-mp4", "pub-cmt-opus"),
    "Spine": (
        "pkg-spine-order", "pkg-spine-nonlinear-activation", "pkg-spine-duplicate-item-hyperlink",
        "pkg-spine-duplicate-item-rendering", "pkg-spine-duplicate-item-ui",
    ),
    "Foreign resources and fallbacks": (
        "pub-foreign_bad-fallback", "pub-foreign_image", "pub-foreign_json-spine",
        "pub-foreign_xml-spine", "pub-foreign_xml-suffix-spine", "scr-support-fallback",
    ),
    "ocf-url paths": (
        "ocf-url_link-leaking-relative", "ocf-url_link-path-absolute", "ocf-url_link-relative",
        "ocf-url_manifest", "ocf-url_relative",
    ),
    "Container and package": (
        "ocf-metainf-inc", "ocf-metainf-manifest", "ocf-package_arbitrary",
        "ocf-package_multiple", "pkg-manifest-unlisted-resource", "pkg-version-backward",
        "pkg-title-order", "pkg-creator-order", "pkg-meta-whitespace", "pkg-linked-records",
        "pkg-lang_but_not_content",
    ),
    "Navigation document": (
        "nav-access", "nav-activation", "nav-non-text_img", "nav-non-text_img_title",
        "nav-spine_in-spine", "nav-spine_in-spine-hidden-toc-css",
        "nav-spine_in-spine-hidden-toc-html", "nav-spine_in-spine-no-list-style",
        "nav-spine_not-in-spine",
    ),
    "css-epub-* properties": (
        "css-epub-hyphens", "css-epub-line-break", "css-epub-text-align-last",
        "css-epub-text-combine-horizontal", "css-epub-text-emphasis", "css-epub-text-orientation",
        "css-epub-text-transform", "css-epub-text-underline-position", "css-epub-word-break",
        "css-epub-writing-mode",
    ),
}


def applicable() -> list[str]:
    return [name for names in APPLICABLE.values() for name in names]


def unpack_tests(source: Path, into: Path) -> Path:
    """The `tests/` folder of a checkout, or extracted from a bare git directory's HEAD."""
    if (source / "tests").is_dir():
        return source / "tests"
    listing = subprocess.run(
        ["git", "-C", str(source), "ls-tree", "-r", "HEAD", "tests"],
        check=True, capture_output=True, text=True,
    ).stdout
    for line in listing.splitlines():  # blob by blob: a snapshot may lack its largest files
        meta, path = line.split("\t", 1)
        blob = subprocess.run(
            ["git", "-C", str(source), "cat-file", "blob", meta.split()[2]], capture_output=True
        )
        if blob.returncode == 0:
            (into / path).parent.mkdir(parents=True, exist_ok=True)
            (into / path).write_bytes(blob.stdout)
    return into / "tests"


def zip_test(folder: Path, epub: Path) -> None:
    with zipfile.ZipFile(epub, "w", zipfile.ZIP_DEFLATED) as z:
        if (folder / "mimetype").exists():
            z.write(folder / "mimetype", "mimetype", compress_type=zipfile.ZIP_STORED)
        for file in sorted(folder.rglob("*")):
            rel = file.relative_to(folder).as_posix()
            if file.is_file() and rel != "mimetype" and file.name != ".DS_Store":
                z.write(file, rel)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="w3c/epub-tests checkout or git directory")
    parser.add_argument("--out", type=Path, default=Path("/tmp/w3c"))
    parser.add_argument("--only", nargs="*", help="test names (default: the applicable ones)")
    parser.add_argument("--all", action="store_true", help="every test, not only applicable")
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    if ROOT in out.parents or out == ROOT:
        parser.error("keep the W3C books outside the repository")
    tests = unpack_tests(args.source, out / "src")
    names = args.only or (
        sorted(p.name for p in tests.iterdir() if p.is_dir()) if args.all else applicable()
    )
    (out / "epubs").mkdir(parents=True, exist_ok=True)
    (out / "shots").mkdir(parents=True, exist_ok=True)
    for name in names:
        zip_test(tests / name, out / "epubs" / f"{name}.epub")
    results = render(names, out)
    old = out / "results.json"
    merged = json.loads(old.read_text()) if old.exists() else {}
    merged.update(results)
    old.write_text(json.dumps(merged, indent=1, ensure_ascii=False))
    print(f"opened {sum(r['opened'] for r in results.values())} of {len(results)}")
    return 0


def render(names: list[str], out: Path) -> dict[str, Any]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["READER_APP_HOME"] = tempfile.mkdtemp(prefix="pagemate-w3c-")
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from reader_app.app import create_application, open_library
    from reader_app.books.model import Book, Locator
    from reader_app.books.shelf.library import Library
    from reader_app.settings import SettingsStore
    from reader_app.ui.page.appearance import Appearance
    from reader_app.ui.window.main_window import MainWindow

    app = create_application()
    assert isinstance(app, QApplication)
    home, conn = open_library()
    settings = SettingsStore(conn)
    Appearance(font_size=12, theme="light").save(settings)
    window = MainWindow(
        home=home, library=Library(conn, home), settings=settings, prepare_assistant=False
    )
    window.resize(1100, 760)
    window.show()
    window.toc_dock.show()
    outcome: list[object] = []
    window.bookOpened.connect(outcome.append)
    window.openFailed.connect(outcome.append)

    def settle(ms: int = 120) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()
        if window.book is not None:
            window.reader.epub_view.relayout_now()
        app.processEvents()

    def shot(path: Path) -> None:
        settle()
        for _ in range(100):
            if not window.reader.epub_view.images.pending:
                break
            settle(50)
        window.grab().save(str(path))

    results: dict[str, Any] = {}
    for name in names:
        outcome.clear()
        window.open_path(out / "epubs" / f"{name}.epub")
        for _ in range(400):
            if outcome:
                break
            settle(50)
        got = outcome[0] if outcome else "timed out"
        if not isinstance(got, Book):
            results[name] = {"opened": False, "message": str(got)}
            shot(out / "shots" / f"{name}-0.png")
            print(name, "NOT OPENED", got, flush=True)
            continue
        book = got
        pages: list[str] = []
        sections = book.sections if len(book.sections) <= 6 else book.sections[:6]
        view = window.reader.epub_view
        for section in sections:
            window.jump_to(Locator(section.index, 0, 0))
            for page in range(4):  # a section's first pages, turned as a reader turns them
                suffix = "" if page == 0 else f"p{page}"
                shot(out / "shots" / f"{name}-{section.index}{suffix}.png")
                pages.append(view.visible_text()[:600])
                if not view.next_page() or view.current_start().section != section.index:
                    break
        results[name] = {
            "opened": True,
            "title": book.metadata.title,
            "sections": [(s.name, s.linear) for s in book.sections],
            "notes": list(book.notes),
            "text": pages,
        }
        print(name, "opened,", len(book.sections), "sections", flush=True)
    window.close()
    return results


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())

"""The desktop registration names every type in the one list (books/opening/file_kinds.py)."""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import etree

from reader_app.books.opening.file_kinds import (
    BOOK_EXTENSIONS,
    FILE_KINDS,
    book_extension,
    first_book_file,
    mime_types,
)
from tests.conftest import ROOT

PACKAGING = ROOT / "packaging"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
SYSTEM_MIME = Path("/usr/share/mime/packages/freedesktop.org.xml")
ISSUE_42 = (".pdf", ".mobi", ".azw3", ".azw", ".prc", ".fb2", ".fb2.zip", ".txt", ".md",
            ".markdown", ".cbr", ".cb7", ".cbt")


def desktop_mime_types() -> list[str]:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(PACKAGING / "pagemate.desktop")
    return [t for t in entry["Desktop Entry"]["MimeType"].split(";") if t]


def globs_by_type(xml: Path) -> dict[str, set[str]]:
    root = etree.parse(str(xml)).getroot()
    return {
        kind.get("type", ""): {glob.get("pattern", "") for glob in kind.iter(f"{MIME_NS}glob")}
        for kind in root.iter(f"{MIME_NS}mime-type")
    }


def test_the_list_has_every_type_of_issue_42_once() -> None:
    assert set(ISSUE_42) | {".epub", ".cbz"} == set(BOOK_EXTENSIONS)
    assert len(BOOK_EXTENSIONS) == len(set(BOOK_EXTENSIONS))


def test_the_desktop_entry_names_every_type_in_the_list() -> None:
    named = desktop_mime_types()
    assert len(named) == len(set(named))
    for kind in FILE_KINDS:
        assert kind.mime_type in named, kind


def test_the_mime_package_is_valid_and_every_extension_has_a_glob_somewhere() -> None:
    ours = globs_by_type(PACKAGING / "pagemate-mime.xml")
    assert all(globs for globs in ours.values())
    system = globs_by_type(SYSTEM_MIME) if SYSTEM_MIME.exists() else {}
    for kind in FILE_KINDS:
        pattern = f"*{kind.extension}"
        in_ours = pattern in ours.get(kind.mime_type, set())
        assert in_ours or pattern in system.get(kind.mime_type, set()), kind
    # The types not every shared-mime-info has are declared by us, whatever this machine has.
    for extension in (".cbz", ".cbr", ".cb7", ".cbt", ".azw3", ".azw", ".fb2.zip"):
        assert any(f"*{extension}" in globs for globs in ours.values()), extension


def test_every_icon_the_mime_package_names_is_drawn_and_installed() -> None:
    root = etree.parse(str(PACKAGING / "pagemate-mime.xml")).getroot()
    named = {icon.get("name", "") for icon in root.iter(f"{MIME_NS}icon")}
    assert named == {"pagemate-book-document", "pagemate-comic-document"}
    install = (PACKAGING / "install.sh").read_text()
    for name in named:
        assert name in install
        assert (ROOT / "assets" / "icons" / f"{name}.svg").is_file()
        assert (ROOT / "assets" / "icons" / f"{name}-512.png").is_file()
    comics = {kind.mime_type for kind in FILE_KINDS if kind.group == "Comics"}
    for kind in root.iter(f"{MIME_NS}mime-type"):
        icon = kind.find(f"{MIME_NS}icon")
        family = "comic" if kind.get("type") in comics else "book"
        assert icon is not None and icon.get("name") == f"pagemate-{family}-document"


@pytest.mark.skipif(not shutil.which("update-mime-database"), reason="needs shared-mime-info")
def test_the_mime_package_compiles_and_maps_the_comic_extensions(tmp_path: Path) -> None:
    packages = tmp_path / "mime" / "packages"
    packages.mkdir(parents=True)
    shutil.copy(PACKAGING / "pagemate-mime.xml", packages)
    done = subprocess.run(["update-mime-database", "-V", str(tmp_path / "mime")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "rror" not in done.stderr, done.stderr
    globs = (tmp_path / "mime" / "globs2").read_text()
    icons = (tmp_path / "mime" / "icons").read_text().splitlines()
    assert "application/vnd.comicbook-rar:pagemate-comic-document" in icons
    assert "application/vnd.amazon.mobi8-ebook:pagemate-book-document" in icons
    for pattern, mime in (
        ("*.cbr", "application/vnd.comicbook-rar"), ("*.cb7", "application/x-cb7"),
        ("*.cbt", "application/x-cbt"), ("*.azw", "application/vnd.amazon.ebook"),
    ):
        assert f":{mime}:{pattern}" in globs, globs


def test_install_makes_pagemate_the_default_for_books_and_comics_only() -> None:
    script = (PACKAGING / "install.sh").read_text()
    listed = re.search(r"^MIME_TYPES=\(([^)]*)\)", script, re.MULTILINE)
    assert listed is not None
    defaults = set(listed.group(1).split())
    assert set(mime_types(defaults_only=True)) <= defaults
    assert not defaults & {"application/pdf", "text/plain", "text/markdown"}
    assert defaults <= set(desktop_mime_types())


@pytest.mark.parametrize(
    ("name", "extension"),
    [("Book.EPUB", ".epub"), ("saga.fb2.zip", ".fb2.zip"), ("x.fb2", ".fb2"), ("a.cb7", ".cb7"),
     ("notes.zip", None), (".cbr", None), ("scan.jpg", None)],
)
def test_extensions_are_recognised_case_blind_and_longest_first(
    name: str, extension: str | None
) -> None:
    assert book_extension(name) == extension


def test_of_files_dropped_together_the_book_is_chosen() -> None:
    assert first_book_file(["/a/cover.jpg", "/a/Comic.CBR", "/a/b.epub"]) == "/a/Comic.CBR"
    assert first_book_file(["/a/cover.jpg"]) == "/a/cover.jpg"  # gets its clear sentence
    assert first_book_file([]) is None

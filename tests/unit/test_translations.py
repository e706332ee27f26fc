"""The window's catalogues are current: each shipped .qm is what its .ts compiles to, every word
of the window is in every catalogue and translated, and each translation keeps its source's
placeholders and menu accelerator (`scripts/translations.py update|release` puts them right),
and French keeps its no-break spaces."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from scripts import translations

CATALOGUES = [translations.catalogue(language) for language in translations.LANGUAGES]
PLACEHOLDER = re.compile(r"\{\w*\}|%L?n")


def messages(ts: Path) -> dict[tuple[str, str], list[str]]:
    """(context, source) -> its translations (one, or one per plural form)."""
    found = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            assert translation is not None
            if translation.get("type") in ("unfinished", "vanished", "obsolete"):
                forms = []
            elif message.get("numerus") == "yes":
                forms = [form.text or "" for form in translation.iter("numerusform")]
            else:
                forms = [translation.text or ""]
            found[(name, message.findtext("source") or "")] = forms
    return found


@pytest.mark.parametrize("ts", CATALOGUES, ids=lambda path: path.stem)
def test_each_shipped_catalogue_is_its_source_compiled(ts: Path, tmp_path: Path) -> None:
    shipped = ts.with_suffix(".qm")
    assert shipped.exists(), f"{shipped.name} missing: python -m scripts.translations release"
    built = translations.release(tmp_path)
    fresh = next(path for path in built if path.name == shipped.name)
    assert fresh.read_bytes() == shipped.read_bytes(), (
        f"{shipped.name} is not {ts.name} compiled: python -m scripts.translations release")


@pytest.mark.parametrize("ts", CATALOGUES, ids=lambda path: path.stem)
def test_every_word_of_the_window_is_in_the_catalogue(ts: Path, tmp_path: Path) -> None:
    copy = tmp_path / ts.name
    shutil.copy(ts, copy)
    subprocess.run([translations.tool("pyside6-lupdate"), "-no-obsolete", "-locations", "none",
                    *translations.sources(), "-ts", str(copy)],
                   cwd=translations.ROOT, check=True, capture_output=True)
    new = sorted(set(messages(copy)) - set(messages(ts)))
    assert new == [], (f"words not in {ts.name} (python -m scripts.translations update, then "
                       f"translate them): {new[:10]}")


@pytest.mark.parametrize("ts", CATALOGUES, ids=lambda path: path.stem)
def test_every_word_is_translated_with_its_placeholders_and_accelerator(ts: Path) -> None:
    for (context, source), forms in messages(ts).items():
        assert forms and all(forms), f"{ts.name}: untranslated {context} {source!r}"
        wanted = sorted(set(PLACEHOLDER.findall(source)))
        for form in forms:
            assert sorted(set(PLACEHOLDER.findall(form))) == wanted, (ts.name, source, form)
            keys = len(re.findall(r"&(?!&)", source.replace("&&", "")))
            assert len(re.findall(r"&(?!&)", form.replace("&&", ""))) == keys, (
                ts.name, source, form)


# French sets a no-break space before : ; ? ! and inside « », and between a number and its unit
# (U+00A0, or the narrow U+202F); a plain space there lets a line break strand the sign.
FRENCH_LOOSE_SPACE = re.compile(r" [:;?!»]| %(?!L?n)|« |[\d}] (?:s|Mo|Mio|Gio|min|h)\b")


def test_french_keeps_its_signs_on_the_line_with_no_break_spaces() -> None:
    loose = [form for forms in messages(translations.catalogue("fr")).values()
             for form in forms if FRENCH_LOOSE_SPACE.search(form)]
    assert loose == [], loose[:5]

"""StarDict dictionaries read from real files in the StarDict format, written here."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import pytest

from reader_app.books.text.dictionary import (
    DictionaryError,
    StarDict,
    find_dictionaries,
    web_lookup_url,
    word_to_look_up,
)


def write_stardict(
    folder: Path, name: str, articles: dict[str, bytes], *, same_type: str = "", packed: bool
) -> Path:
    """A dictionary as StarDict tools write it: sorted .idx, articles in .dict or .dict.dz."""
    folder.mkdir(parents=True, exist_ok=True)
    body, index = b"", b""
    for word in sorted(articles, key=lambda w: w.encode()):
        data = articles[word]
        index += word.encode() + b"\0" + struct.pack(">II", len(body), len(data))
        body += data
    ifo = folder / f"{name}.ifo"
    lines = ["StarDict's dict ifo file", "version=2.4.2", f"wordcount={len(articles)}",
             f"idxfilesize={len(index)}", f"bookname={name.title()} Dictionary"]
    if same_type:
        lines.append(f"sametypesequence={same_type}")
    ifo.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / f"{name}.idx").write_bytes(index)
    if packed:
        with gzip.open(folder / f"{name}.dict.dz", "wb") as out:
            out.write(body)
    else:
        (folder / f"{name}.dict").write_bytes(body)
    return ifo


def test_plain_articles_are_found_whatever_the_case(tmp_path: Path) -> None:
    ifo = write_stardict(tmp_path / "dic", "plain", {
        "lantern": b"A case for a light, with transparent sides.",
        "Lantern": b"(capitalised) The Lantern, an inn.",
        "river": b"A large natural stream of water.",
    }, same_type="m", packed=True)
    dictionary = StarDict.open(ifo)
    found = dictionary.lookup("LANTERN")
    assert [d.word for d in found] == ["Lantern", "lantern"]
    assert found[1].text == "A case for a light, with transparent sides."
    assert found[0].dictionary == "Plain Dictionary"
    assert dictionary.lookup("mill") == []


def test_typed_html_articles_are_shown_as_text(tmp_path: Path) -> None:
    ifo = write_stardict(tmp_path, "typed", {
        "mill": b"h<b>mill</b><br>A building for grinding grain &amp; corn.\0tmIl",
    }, packed=False)
    [found] = StarDict.open(ifo).lookup("mill")
    assert found.text == "mill \nA building for grinding grain & corn.\nmIl"


def test_a_file_that_is_not_a_dictionary_is_a_clear_error(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.ifo"
    bogus.write_text("hello\n", encoding="utf-8")
    with pytest.raises(DictionaryError, match="not a StarDict dictionary"):
        StarDict.open(bogus)


def test_dictionaries_are_found_in_the_folders_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ifo = write_stardict(tmp_path / "a" / "deep", "one", {"x": b"y"}, same_type="m", packed=False)
    monkeypatch.setenv("READER_APP_DICTIONARIES", str(tmp_path / "a"))
    assert find_dictionaries() == [ifo]
    monkeypatch.setenv("READER_APP_DICTIONARIES", "")
    assert find_dictionaries() == []


def test_a_selection_becomes_a_word_and_the_web_link_follows_the_language() -> None:
    assert word_to_look_up(" “Lantern,” ") == "Lantern"
    assert word_to_look_up("the whole long sentence here") is None
    assert web_lookup_url("rivière", language="fr-FR") == (
        "https://fr.wiktionary.org/wiki/rivi%C3%A8re")
    assert web_lookup_url("mill") == "https://en.wiktionary.org/wiki/mill"

"""Looking up a selected word in StarDict dictionaries installed on this computer; never online.

A StarDict dictionary is three files side by side: `NAME.ifo` (a header), `NAME.idx` (the sorted
words, each with the offset and size of its article) and `NAME.dict` or `NAME.dict.dz` (the
articles; dictzip is gzip-compatible). The web is only a link the reader may click.
"""

from __future__ import annotations

import gzip
import html
import os
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

# Where StarDict dictionaries are usually installed (folders, searched recursively for *.ifo).
STARDICT_DIRS = (
    "~/.stardict/dic",
    "~/.local/share/stardict/dic",
    "/usr/share/stardict/dic",
    "/usr/local/share/stardict/dic",
)
MAX_ARTICLES = 5
_TAGS = re.compile(r"<[^>]+>")
_TEXT_TYPES = "mtyxhg"  # plain, phonetic, Yin Biao, XDXF, HTML, Pango: all shown as text


class DictionaryError(Exception):
    """A dictionary file that cannot be read (named in the message)."""


@dataclass(frozen=True, slots=True)
class Definition:
    dictionary: str  # the dictionary's own name (bookname in its .ifo)
    word: str
    text: str


@dataclass
class StarDict:
    """One StarDict dictionary; its word list is read on the first look-up and kept."""

    ifo: Path
    name: str = ""
    same_type: str = ""
    _index: dict[str, list[tuple[str, int, int]]] | None = field(default=None, repr=False)

    @classmethod
    def open(cls, ifo: Path) -> StarDict:
        try:
            lines = ifo.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError as error:
            raise DictionaryError(f"Can't read the dictionary {ifo}: {error}") from error
        if not lines or not lines[0].startswith("StarDict's dict ifo file"):
            raise DictionaryError(f"{ifo} is not a StarDict dictionary")
        header = dict(line.split("=", 1) for line in lines[1:] if "=" in line)
        if header.get("idxoffsetbits", "32") != "32":
            raise DictionaryError(f"{ifo}: 64-bit offsets are not supported")
        name = header.get("bookname", ifo.stem).strip()
        return cls(ifo, name, header.get("sametypesequence", "").strip())

    def _articles_path(self) -> Path:
        for suffix in (".dict", ".dict.dz"):
            path = self.ifo.with_suffix(suffix)
            if path.exists():
                return path
        raise DictionaryError(f"{self.ifo}: no .dict or .dict.dz file beside it")

    def _load_index(self) -> dict[str, list[tuple[str, int, int]]]:
        if self._index is None:
            idx = self.ifo.with_suffix(".idx")
            try:
                if idx.exists():
                    data = idx.read_bytes()
                else:
                    with gzip.open(self.ifo.with_suffix(".idx.gz")) as packed:
                        data = packed.read()
            except OSError as error:
                raise DictionaryError(f"Can't read the word list of {self.ifo}: {error}") from error
            index: dict[str, list[tuple[str, int, int]]] = {}
            at = 0
            while at < len(data):
                end = data.index(b"\0", at)
                word = data[at:end].decode("utf-8", errors="replace")
                offset, size = struct.unpack(">II", data[end + 1 : end + 9])
                index.setdefault(word.casefold(), []).append((word, offset, size))
                at = end + 9
            self._index = index
        return self._index

    def lookup(self, word: str) -> list[Definition]:
        entries = self._load_index().get(word.strip().casefold(), [])
        if not entries:
            return []
        path = self._articles_path()
        opener = gzip.open if path.suffix == ".dz" else open
        found = []
        with opener(path, "rb") as articles:
            for headword, offset, size in entries[:MAX_ARTICLES]:
                articles.seek(offset)
                found.append(Definition(self.name, headword, self._text(articles.read(size))))
        return found

    def _text(self, data: bytes) -> str:
        if self.same_type:
            # One field per type letter; all but the last end in a NUL.
            parts = data.split(b"\0", len(self.same_type) - 1)
            fields = list(zip(self.same_type, parts, strict=False))
        else:
            fields, at = [], 0
            while at < len(data):
                kind = chr(data[at])
                end = data.find(b"\0", at + 1)
                end = len(data) if end < 0 else end
                fields.append((kind, data[at + 1 : end]))
                at = end + 1
        texts = []
        for kind, raw in fields:
            if kind in _TEXT_TYPES:
                text = raw.decode("utf-8", errors="replace")
                if kind in "xhg":
                    text = html.unescape(_TAGS.sub(" ", text.replace("<br>", "\n")))
                texts.append(re.sub(r"[ \t]+", " ", text).strip())
        return "\n".join(t for t in texts if t)


def find_dictionaries(folders: tuple[str, ...] | None = None) -> list[Path]:
    """The .ifo files of the StarDict dictionaries installed: in `folders`, else in the folders
    `READER_APP_DICTIONARIES` names (separated like PATH) when it is set, else the usual ones."""
    if folders is None:
        chosen = os.environ.get("READER_APP_DICTIONARIES")
        folders = tuple(p for p in chosen.split(os.pathsep) if p) if chosen is not None else (
            STARDICT_DIRS)  # fmt: skip
    found: list[Path] = []
    for folder in folders:
        root = Path(folder).expanduser()
        if root.is_dir():
            found += sorted(root.rglob("*.ifo"))
    return found


def word_to_look_up(selected: str) -> str | None:
    """The word or short phrase a selection asks about, trimmed of punctuation; None if long."""
    words = selected.strip().strip(".,;:!?\"'“”‘’()[]—–-").split()
    if not words or len(words) > 3:
        return None
    return " ".join(words)


def web_lookup_url(word: str, *, language: str = "") -> str:
    """Where a web search for the word's meaning goes: Wiktionary in the book's language."""
    code = (language or "en").split("-")[0].lower() or "en"
    if not code.isalpha():
        code = "en"
    return f"https://{code}.wiktionary.org/wiki/{quote(word)}"

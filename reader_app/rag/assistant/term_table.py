"""Each book's first-occurrence table of names and phrases, for the spoiler receipt.

Built once per book text from the sentence table (about 2.5 s for War and Peace), kept on disk
beside the book's indexes as sorted 64-bit hashes, and looked up with a binary search. Names are
capitalised words the book never writes in lower case ("Valdemar's" is "Valdemar"); phrases are
runs of two or three words within one clause that start and end on a content word.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import numpy as np

TABLE_VERSION = "terms-v1"
MAX_NGRAM = 3
CACHED_BOOKS = 4

_CLAUSE = re.compile(r"[,;:!?.()\[\]\"“”‘—–…]+|\s'|'\s")
_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_POSSESSIVE = re.compile(r"['’]s$", re.IGNORECASE)
# Function words never start or end a phrase: "of the" is no phrase, "drowned tower" is.
_STOPWORD_TEXT = """
    a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just let me more most my myself no nor not now of off on once only or other our
    ours ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up upon very was we
    were what when where which while who whom why will with would you your yours yourself
    yourselves said says say one two also shall may might must yet ever even oh ah yes well
    mr mrs miss dr st sir madam lady lord"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())
NAME = 1
PHRASE = 2
INITIAL_NAME = 3  # capitalised only at sentence starts in the book


def _token_hash(token: str) -> int:
    return int.from_bytes(hashlib.blake2b(token.encode(), digest_size=8).digest(), "little")


_MULTIPLIERS = (np.uint64(1), np.uint64(0x9E3779B97F4A7C15), np.uint64(0xC2B2AE3D27D4EB4F))


@dataclass(frozen=True, slots=True)
class Token:
    word: str  # lower case, possessive removed
    start: int  # in the checked text
    end: int
    clause: int
    capitalised: bool


def tokenize(text: str) -> list[Token]:
    """Words with their places; a new clause starts at punctuation, so phrases never cross it."""
    tokens: list[Token] = []
    clause = 0
    position = 0
    for match in _TOKEN.finditer(text):
        if _CLAUSE.search(text, position, match.start()):
            clause += 1
        raw = _POSSESSIVE.sub("", match.group(0))
        word = raw.lower()
        start = match.start()
        tokens.append(Token(word, start, start + len(raw), clause, raw[:1].isupper()))
        position = match.end()
    return tokens


@dataclass(frozen=True, slots=True)
class TermTable:
    """Per book: hashed names and phrases, sorted, with where each first occurs and how often."""

    hashes: np.ndarray  # uint64, sorted
    first_sid: np.ndarray  # int32
    count: np.ndarray  # int32
    kind: np.ndarray  # uint8: NAME or PHRASE

    def lookup(self, keys: np.ndarray) -> np.ndarray:
        """Row index per key, -1 where the book never has it."""
        index = np.searchsorted(self.hashes, keys)
        index = np.minimum(index, max(len(self.hashes) - 1, 0))
        if len(self.hashes) == 0:
            return np.full(len(keys), -1)
        return np.where(self.hashes[index] == keys, index, -1)


def word_arrays(words: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Each word's hash and whether it is a content word, hashing each distinct word once."""
    vocabulary: dict[str, int] = {}
    ids = np.fromiter((vocabulary.setdefault(w, len(vocabulary)) for w in words), np.int64)
    distinct = list(vocabulary)
    hashes = np.fromiter((_token_hash(w) for w in distinct), np.uint64, len(distinct))
    content = np.fromiter((w not in STOPWORDS for w in distinct), bool, len(distinct))
    return hashes[ids], content[ids]


def ngram_hashes(
    token_hashes: np.ndarray, content: np.ndarray, clause: np.ndarray, n: int
) -> tuple[np.ndarray, np.ndarray]:
    """Hashes of the n-grams that stay within one clause and start and end on a content word."""
    count = len(token_hashes) - n + 1
    if count <= 0:
        return np.empty(0, np.uint64), np.empty(0, np.int64)
    combined = np.zeros(count, np.uint64)
    with np.errstate(over="ignore"):
        for offset in range(n):
            combined = combined * _MULTIPLIERS[1] + token_hashes[offset : offset + count]
        combined = combined * _MULTIPLIERS[2] + np.uint64(n)
    valid = (clause[:count] == clause[n - 1 :]) & content[:count] & content[n - 1 :]
    starts = np.flatnonzero(valid)
    return combined[starts], starts


def build_term_table(sentences: list[str]) -> TermTable:
    """The table for a book given its sentences in sid order (sid = list index)."""
    words: list[str] = []
    clauses: list[int] = []
    sids: list[int] = []
    capital: list[bool] = []
    clause = 0
    find_words = _TOKEN.findall
    inside_capitals: set[str] = set()  # capitalised somewhere other than a sentence's start
    for sid, text in enumerate(sentences):
        sentence_start = len(words)
        for part in _CLAUSE.split(text):
            found = find_words(part)
            if not found:
                continue
            clause += 1
            for raw in found:
                if raw[-2:] in ("'s", "’s", "'S", "’S"):
                    raw = raw[:-2]
                words.append(raw.lower())
                capital.append(raw[:1].isupper())
            clauses.extend([clause] * len(found))
            sids.extend([sid] * len(found))
        inside_capitals.update(
            words[i] for i in range(sentence_start + 1, len(words)) if capital[i]
        )
    lower_seen = {w for w, c in zip(words, capital, strict=True) if not c}
    # A name: capitalised inside a sentence at least once, and never written in lower case.
    # A word only ever capitalised at a sentence's start ("Yelena", but also "Meanwhile") is
    # a weaker name: it flags only where an answer capitalises it mid-sentence.
    name_words = inside_capitals - lower_seen - STOPWORDS
    sid_array = np.asarray(sids, np.int32)
    token_hashes, content = word_arrays(words)
    clause_array = np.asarray(clauses, np.int64)
    parts_hash: list[np.ndarray] = []
    parts_sid: list[np.ndarray] = []
    parts_kind: list[np.ndarray] = []
    names = [
        i
        for i, w in enumerate(words)
        if capital[i] and w not in lower_seen and w not in STOPWORDS and len(w) > 1
    ]
    if names:
        idx = np.asarray(names)
        parts_hash.append(token_hashes[idx])
        parts_sid.append(sid_array[idx])
        parts_kind.append(
            np.fromiter(
                (NAME if words[i] in name_words else INITIAL_NAME for i in names),
                np.uint8,
                len(names),
            )
        )
    for n in range(2, MAX_NGRAM + 1):
        hashes, starts = ngram_hashes(token_hashes, content, clause_array, n)
        parts_hash.append(hashes)
        parts_sid.append(sid_array[starts] if len(starts) else np.empty(0, np.int32))
        parts_kind.append(np.full(len(hashes), PHRASE, np.uint8))
    all_hashes = np.concatenate(parts_hash) if parts_hash else np.empty(0, np.uint64)
    all_sids = np.concatenate(parts_sid).astype(np.int32) if parts_sid else np.empty(0, np.int32)
    all_kinds = np.concatenate(parts_kind) if parts_kind else np.empty(0, np.uint8)
    # First occurrence: sort by (hash, sid); np.unique keeps the first of each hash.
    order = np.lexsort((all_sids, all_hashes))
    unique, first, count = np.unique(all_hashes[order], return_index=True, return_counts=True)
    return TermTable(
        hashes=unique,
        first_sid=all_sids[order][first],
        count=count.astype(np.int32),
        kind=all_kinds[order][first],
    )


def _text_digest(conn: sqlite3.Connection, book_id: str) -> str:
    row = conn.execute(
        "SELECT text_digest FROM text_units WHERE book_id = ?", (book_id,)
    ).fetchone()
    if row is None:
        raise LookupError(f"book {book_id[:12]} has no sentence table yet")
    return str(row[0])


class TermTables:
    """Builds each book's table once, keeps it on disk beside its indexes and a few in memory."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self._lock = threading.Lock()
        self._cache: OrderedDict[tuple[str, str], TermTable] = OrderedDict()

    def for_book(self, conn: sqlite3.Connection, book_id: str) -> TermTable:
        digest = _text_digest(conn, book_id)
        key = (book_id, digest)
        with self._lock:
            table = self._cache.get(key)
            if table is not None:
                self._cache.move_to_end(key)
                return table
        path = self.home / "indexes" / book_id / f"{TABLE_VERSION}-{digest[:16]}.npz"
        table = _load(path)
        if table is None:
            rows = conn.execute(
                "SELECT text FROM sentences WHERE book_id = ? ORDER BY sid", (book_id,)
            ).fetchall()
            table = build_term_table([row[0] for row in rows])
            _save(path, table)
        with self._lock:
            self._cache[key] = table
            while len(self._cache) > CACHED_BOOKS:
                self._cache.popitem(last=False)
        return table


def _load(path: Path) -> TermTable | None:
    try:
        with np.load(path) as data:
            return TermTable(data["hashes"], data["first_sid"], data["count"], data["kind"])
    except (OSError, KeyError, ValueError):
        return None


def _save(path: Path, table: TermTable) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(".tmp.npz")
    np.savez(
        temp, hashes=table.hashes, first_sid=table.first_sid, count=table.count, kind=table.kind
    )
    temp.replace(path)

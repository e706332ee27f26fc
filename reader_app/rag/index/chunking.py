"""Chunks: runs of consecutive sentences of about 100 tokens, numbered in reading order."""

from __future__ import annotations

import sqlite3
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from reader_app.rag.index.embed import DEFAULT_TOKEN_LIMIT
from reader_app.rag.index.indexes import FTS_TOKENIZER
from reader_app.rag.index.sentences import Sentence, join_sentences, sentences_between
from reader_app.rag.index.story import STORY_RULES

TARGET_TOKENS = 100
# Windows overlap: a new one starts about every STRIDE_TOKENS (None: chunks end to end).
STRIDE_TOKENS: int | None = 50
# Room for the blanks and line breaks that join sentences, under the model's limit.
MAX_TOKENS = DEFAULT_TOKEN_LIMIT - 14

# Recorded per book (text_units.chunk_plan): chunks planned another way are rebuilt.
CHUNK_PLAN = (
    f"windows target={TARGET_TOKENS} stride={STRIDE_TOKENS} max={MAX_TOKENS} {STORY_RULES}"
)
# A PDF's sections are its pages, which cut a scene, a paragraph, even a sentence anywhere: its
# windows run on across pages within a chapter (text_units._chunk_groups). Recorded for PDFs
# only, so that other books' indexes stay current.
PAGED_PLAN = " units=chapters"


def chunk_plan(book_format: str) -> str:
    """The chunk plan a book of this format is built with."""
    return CHUNK_PLAN + (PAGED_PLAN if book_format == "pdf" else "")


def text_units_current(
    row: sqlite3.Row, *, scheme: str = FTS_TOKENIZER, plan: str = CHUNK_PLAN
) -> bool:
    """Whether a book's text_units row was built with the keyword scheme of its language
    (rag/index/keywords.py) and today's chunk plan for its format."""
    return bool(row["fts_tokenizer"] == scheme and row["chunk_plan"] == plan)


@dataclass(frozen=True, slots=True)
class Chunk:
    chunk_id: int
    sid_start: int
    sid_end: int  # inclusive
    # Where the chunk's unit begins: its section's index (a paged book's chunk, which may run on
    # across pages, holds its chapter's first page). Search widens and merges within it.
    section: int
    token_count: int


def plan_chunks(
    sentences: Sequence[Sentence],
    token_counts: Sequence[int],
    *,
    target_tokens: int = TARGET_TOKENS,
    max_tokens: int = MAX_TOKENS,
    stride_tokens: int | None = STRIDE_TOKENS,
    groups: Sequence[Hashable | None] | None = None,
) -> list[Chunk]:
    """Group sentences into windows in reading order, never across a group.

    `groups` gives each sentence the unit it belongs to (default: its section; a note is a
    unit of its own; a paged book's chapter spans pages); a sentence whose group is None is not
    the story and is in no window.
    A window grows until it reaches `target_tokens` or the next sentence would take it over
    `max_tokens`. A single sentence longer than `max_tokens` is a window of its own (the embedder
    truncates it; the keyword index still has all of it). The next window starts at the first
    sentence at least `stride_tokens` after this one's start (None: right after this one ends),
    so a scene cut by one window's edge is whole in the next. A window that would end where the
    previous one ends is skipped (it adds nothing), so `sid_end` rises strictly with `chunk_id`
    and the windows eligible at a boundary stay a prefix.
    """
    keys = list(groups) if groups is not None else [s.section for s in sentences]
    begins: dict[Hashable, int] = {}  # each unit's first section
    for key, sentence in zip(keys, sentences, strict=True):
        begins.setdefault(key, sentence.section)
    chunks: list[Chunk] = []
    start = 0
    while start < len(sentences):
        if keys[start] is None:
            start += 1
            continue
        end, total = start, token_counts[start]
        while (
            end + 1 < len(sentences)
            and total < target_tokens
            and keys[end + 1] == keys[start]
            and total + token_counts[end + 1] <= max_tokens
        ):
            end += 1
            total += token_counts[end]
        if not chunks or sentences[end].sid > chunks[-1].sid_end:
            chunks.append(
                Chunk(
                    chunk_id=len(chunks),
                    sid_start=sentences[start].sid,
                    sid_end=sentences[end].sid,
                    section=begins[keys[start]],
                    token_count=total,
                )
            )
        start = _next_start(keys, token_counts, start, end, stride_tokens)
    return chunks


def _next_start(
    keys: Sequence[Hashable | None],
    token_counts: Sequence[int],
    start: int,
    end: int,
    stride_tokens: int | None,
) -> int:
    if stride_tokens is None or end + 1 >= len(keys):
        return end + 1
    if keys[end + 1] != keys[start]:
        return end + 1  # a new section or unit starts a fresh window
    step, walked = start, 0
    while step <= end and walked < stride_tokens:
        walked += token_counts[step]
        step += 1
    return max(step, start + 1)


def chunk_text_from(sentences: Sequence[Sentence], chunk: Chunk) -> str:
    # sids are dense from 0, so a sid is also the sentence's position in the list.
    return join_sentences(list(sentences[chunk.sid_start : chunk.sid_end + 1]))


def chunks_of(conn: sqlite3.Connection, book_id: str, start: int, stop: int) -> list[Chunk]:
    """Chunks `[start, stop)` of a book, in order."""
    rows = conn.execute(
        """SELECT chunk_id, sid_start, sid_end, section, token_count FROM chunks
           WHERE book_id = ? AND chunk_id >= ? AND chunk_id < ? ORDER BY chunk_id""",
        (book_id, start, stop),
    ).fetchall()
    return [Chunk(*row) for row in rows]


def chunk_texts(conn: sqlite3.Connection, book_id: str, chunks: Sequence[Chunk]) -> list[str]:
    """The text of each chunk, read from the sentence table (the one place text is stored)."""
    if not chunks:
        return []
    sentences = sentences_between(conn, book_id, chunks[0].sid_start, chunks[-1].sid_end)
    first = chunks[0].sid_start
    return [
        join_sentences(sentences[c.sid_start - first : c.sid_end - first + 1]) for c in chunks
    ]


def chunk_count(conn: sqlite3.Connection, book_id: str) -> int:
    row = conn.execute(
        "SELECT chunk_count FROM text_units WHERE book_id = ?", (book_id,)
    ).fetchone()
    return 0 if row is None else int(row[0])

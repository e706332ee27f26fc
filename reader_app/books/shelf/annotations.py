"""The reader's highlights, notes and bookmarks: anchored by locators, stored per book, exported.

An annotation is anchored by locators (section, block, character), the same places the
sentence table maps to sids, so it survives font, size and window changes; nothing about
pages or pixels is stored. The quoted text is kept too, for the list and the export.
"""

from __future__ import annotations

import sqlite3
import time
import uuid
from dataclasses import dataclass, replace
from typing import Literal

from reader_app.books.model import BlockKind, Book, Locator
from reader_app.books.shelf.reading_time import place_fraction, place_name
from reader_app.books.text.segment import split_sentences
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, place_words

AnnotationKind = Literal["highlight", "bookmark"]
# Colour key -> (menu label, RGB used on the page and in the list).
COLOURS: dict[str, tuple[str, str]] = {
    "yellow": (QT_TRANSLATE_NOOP("Colours", "Yellow"), "#f7d94c"),
    "green": (QT_TRANSLATE_NOOP("Colours", "Green"), "#8fd48a"),
    "blue": (QT_TRANSLATE_NOOP("Colours", "Blue"), "#8cc3f2"),
    "pink": (QT_TRANSLATE_NOOP("Colours", "Pink"), "#f2a0c4"),
    "purple": (QT_TRANSLATE_NOOP("Colours", "Purple"), "#c3a6ef"),
}
DEFAULT_COLOUR = "yellow"


@dataclass(frozen=True, slots=True)
class Annotation:
    """A highlight over `[start, end)` (with an optional note), or a bookmark at `start`."""

    annotation_id: str
    book_id: str
    kind: AnnotationKind
    start: Locator
    end: Locator
    text: str  # the highlighted words, or a bookmark's first words on the page
    colour: str = DEFAULT_COLOUR
    note: str = ""
    created_at: float = 0.0

    def covers(self, locator: Locator) -> bool:
        return self.kind == "highlight" and self.start <= locator < self.end


def new_highlight(
    *, book_id: str, start: Locator, end: Locator, text: str, colour: str = DEFAULT_COLOUR
) -> Annotation:
    if colour not in COLOURS:
        raise ValueError(f"unknown highlight colour {colour!r}")
    if end <= start:
        raise ValueError("a highlight must cover some text")
    return Annotation(
        uuid.uuid4().hex, book_id, "highlight", start, end, " ".join(text.split()), colour,
        created_at=time.time(),
    )  # fmt: skip


EXCERPT_MIN, EXCERPT_MAX = 120, 300  # characters: a sentence or two


def bookmark_excerpt(book: Book, at: Locator) -> str:
    """What a bookmark at `at` shows: whole sentences from there (headings left out), a sentence
    or two, cut with "…" only when one sentence is longer than the excerpt may be."""
    if not 0 <= at.section < len(book.sections):
        return ""
    parts: list[str] = []
    length = 0
    blocks = book.sections[at.section].blocks
    for index in range(max(at.block, 0), len(blocks)):
        block = blocks[index]
        if block.kind in (BlockKind.HEADING, BlockKind.IMAGE, BlockKind.RULE) or not block.text:
            continue
        begin = at.char if index == at.block else 0
        for start, end in split_sentences(block.text):
            if end <= begin:
                continue
            sentence = " ".join(block.text[max(start, begin):end].split())
            if length + len(sentence) > EXCERPT_MAX:
                if not parts:
                    return sentence[: EXCERPT_MAX - 1].rsplit(" ", 1)[0] + "…"
                return " ".join(parts)
            parts.append(sentence)
            length += len(sentence) + 1
            if length >= EXCERPT_MIN:
                return " ".join(parts)
    return " ".join(parts)


def new_bookmark(*, book_id: str, at: Locator, text: str) -> Annotation:
    words = " ".join(text.split())
    return Annotation(
        uuid.uuid4().hex, book_id, "bookmark", at, at, words[:120], "", created_at=time.time()
    )


class AnnotationStore:
    """Annotations in the library database (migration 9). Plain values in, plain values out."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def for_book(self, book_id: str) -> list[Annotation]:
        rows = self.conn.execute(
            "SELECT * FROM annotations WHERE book_id = ? ORDER BY start_section, start_block, "
            "start_char, created_at",
            (book_id,),
        ).fetchall()
        return [_from_row(row) for row in rows]

    def save(self, annotation: Annotation) -> None:
        """Add `annotation`, or update the stored one with the same id (a note, a colour, its
        place after re-anchoring)."""
        a = annotation
        with self.conn:
            self.conn.execute(
                """
                INSERT INTO annotations (annotation_id, book_id, kind, start_section,
                    start_block, start_char, end_section, end_block, end_char, text, colour,
                    note, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(annotation_id) DO UPDATE SET
                    start_section = excluded.start_section, start_block = excluded.start_block,
                    start_char = excluded.start_char, end_section = excluded.end_section,
                    end_block = excluded.end_block, end_char = excluded.end_char,
                    colour = excluded.colour, note = excluded.note,
                    updated_at = excluded.updated_at
                """,
                (
                    a.annotation_id, a.book_id, a.kind, *a.start.as_tuple(), *a.end.as_tuple(),
                    a.text, a.colour, a.note, a.created_at, time.time(),
                ),
            )  # fmt: skip

    def remove(self, annotation_id: str) -> None:
        with self.conn:
            self.conn.execute("DELETE FROM annotations WHERE annotation_id = ?", (annotation_id,))


def _from_row(row: sqlite3.Row) -> Annotation:
    kind: AnnotationKind = "bookmark" if row["kind"] == "bookmark" else "highlight"
    return Annotation(
        annotation_id=row["annotation_id"],
        book_id=row["book_id"],
        kind=kind,
        start=Locator(row["start_section"], row["start_block"], row["start_char"]),
        end=Locator(row["end_section"], row["end_block"], row["end_char"]),
        text=row["text"],
        colour=row["colour"],
        note=row["note"],
        created_at=row["created_at"],
    )


def with_note(annotation: Annotation, note: str) -> Annotation:
    return replace(annotation, note=note.strip())


def with_colour(annotation: Annotation, colour: str) -> Annotation:
    if colour not in COLOURS:
        raise ValueError(f"unknown highlight colour {colour!r}")
    return replace(annotation, colour=colour)


def in_order(annotations: list[Annotation]) -> list[Annotation]:
    return sorted(annotations, key=lambda a: (a.start, a.end, a.created_at))


def place_label(book: Book, annotation: Annotation) -> Sentence:
    """"Chapter 3 · 12%": where an annotation is, for the list, as a sentence the window says in
    its language and digits ("Abschnitt 1.234 · 12 %"); a chapter's title as the book writes it."""
    return place_words(QT_TRANSLATE_NOOP("Places", "{place} · {percent}%"),
                       place=place_name(book, annotation.start),
                       percent=round(place_fraction(book, annotation.start) * 100))


def export_markdown(book: Book, annotations: list[Annotation]) -> str:
    """The book's highlights, notes and bookmarks as Markdown, in reading order by chapter."""
    meta = book.metadata
    lines = [f"# {meta.title}", ""]
    if meta.author_line:
        lines += [f"*{meta.author_line}*", ""]
    if not annotations:
        lines.append("No highlights or bookmarks yet.")
        return "\n".join(lines) + "\n"
    chapter = None
    for annotation in in_order(annotations):
        here = book.chapter_title(annotation.start) or f"Section {annotation.start.section + 1}"
        if here != chapter:
            chapter = here
            lines += [f"## {here}", ""]
        percent = round(place_fraction(book, annotation.start) * 100)
        if annotation.kind == "bookmark":
            lines += [f"- Bookmark ({percent}%): {annotation.text}", ""]
            continue
        colour = COLOURS.get(annotation.colour, (annotation.colour, ""))[0].lower()
        lines.append(f"> {annotation.text}")
        lines += ["", f"— {colour} highlight, {percent}%"]
        if annotation.note:
            lines += ["", *(f"**Note:** {line}" if i == 0 else line
                            for i, line in enumerate(annotation.note.splitlines()))]
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def _words(text: str) -> str:
    return " ".join(text.split())


def text_at(book: Book, start: Locator, end: Locator) -> str:
    """The book's text over `[start, end)` within one section, blocks joined by a space."""
    if not 0 <= start.section < len(book.sections) or end.section != start.section:
        return ""
    blocks = book.sections[start.section].blocks
    parts = []
    for index in range(max(start.block, 0), min(end.block, len(blocks) - 1) + 1):
        text = blocks[index].text
        first = start.char if index == start.block else 0
        last = end.char if index == end.block else len(text)
        parts.append(text[first:last])
    return _words(" ".join(parts))


def reanchored(book: Book, annotation: Annotation) -> Annotation:
    """`annotation` on the same words in `book` as read now: if a newer reading of the file
    moved them (a parser change splits blocks differently), its locators follow the quoted
    words to their nearest occurrence in the section; a highlight whose words are gone stays."""
    if annotation.kind != "highlight" or not annotation.text:
        return annotation
    if text_at(book, annotation.start, annotation.end) == annotation.text:
        return annotation
    section = annotation.start.section
    if not 0 <= section < len(book.sections):
        return annotation
    best: tuple[int, Locator, Locator] | None = None
    for index, block in enumerate(book.sections[section].blocks):
        text = block.text
        at = text.find(annotation.text)
        while at >= 0:
            start, end = Locator(section, index, at), Locator(section, index, at + len(
                annotation.text))  # fmt: skip
            distance = abs(index - annotation.start.block) * 100_000 + abs(
                at - annotation.start.char)  # fmt: skip
            if best is None or distance < best[0]:
                best = (distance, start, end)
            at = text.find(annotation.text, at + 1)
    if best is None:
        return annotation
    return replace(annotation, start=best[1], end=best[2])

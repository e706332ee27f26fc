"""What counts as the story: the text the companion searches, cites and summarises, and the notes.

One definition for every feature (search, the MCP server, X-Ray, recaps), applied when a book's
text units are built and recorded with them (`sentences.story`, `note_links`):

- Sections and blocks the book marks as matter around the text (`epub:type` / `role` such as
  imprint, colophon, copyright-page, titlepage, toc, index) are not the story. Dedications,
  epigraphs, forewords and the author's own notes are: they are the book.
- A book without such marks falls back on structure: a short section that carries the book's
  title or author (a title page), or one that is mostly links (a contents list), is not the story.
- A heading alone is never a passage: headings of a section that has no other story text are not
  the story (a heading over text stays with it, the location of what follows).
- A note (a block the book marks as a footnote or endnote, reached by a link from story text) is
  its own unit, tied to the sentence that refers to it: the boundary module puts it in scope when
  that sentence is read, wherever the note's own text sits.

The reader still sees every page; only the companion's text changes.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from reader_app.books.model import BlockKind, Book, Locator, Section

# Bump whenever the rules below change what is the story: recorded in the chunk plan, so every
# library's books are re-indexed on the next preparation.
STORY_RULES = "story=1"

# Marks of the matter around the text (EPUB 3 Structural Semantics; ARIA's `doc-` roles are
# read without their prefix).
AROUND_THE_TEXT = frozenset(
    {
        "imprint", "colophon", "copyright-page", "titlepage", "halftitlepage", "fulltitle",
        "covertitle", "cover", "toc", "toc-brief", "loi", "lot", "loa", "lov", "index",
        "landmarks", "page-list", "pagelist", "seriespage", "other-credits", "errata",
    }
)  # fmt: skip
# A block is a note when one of these marks is on it or around it.
NOTE_MARKS = frozenset(
    {"footnote", "endnote", "rearnote", "note", "footnotes", "endnotes", "rearnotes"}
)

# Structure, for books without marks.
TITLE_PAGE_MAX_WORDS = 60
LINK_LIST_SHARE = 0.6  # a section whose text is at least this much link text is a contents list
_WORD = re.compile(r"\w+")


def _mark_words(marks: Sequence[str]) -> set[str]:
    words = set()
    for mark in marks:
        token = mark.rsplit(":", 1)[-1]
        words.add(token[4:] if token.startswith("doc-") else token)
    return words


def is_around_the_text(marks: Sequence[str]) -> bool:
    """Whether blocks with these marks are matter around the text (imprint, contents...)."""
    return bool(_mark_words(marks) & AROUND_THE_TEXT)


def is_note(marks: Sequence[str]) -> bool:
    return bool(_mark_words(marks) & NOTE_MARKS)


def outside_story(book: Book) -> frozenset[tuple[int, int]]:
    """The (section, block) places of `book` that are not the story."""
    outside: set[tuple[int, int]] = set()
    marked = any(block.marks for section in book.sections for block in section.blocks)
    for section in book.sections:
        if not book.is_comic and not marked and _unmarked_matter(book, section):
            outside.update((section.index, n) for n in range(len(section.blocks)))
            continue
        kept_text = False
        for n, block in enumerate(section.blocks):
            if is_around_the_text(block.marks):
                outside.add((section.index, n))
            elif block.kind is not BlockKind.HEADING and block.text.strip():
                kept_text = True
        if not kept_text:  # headings alone: the location of nothing
            outside.update(
                (section.index, n) for n, b in enumerate(section.blocks)
                if b.kind is BlockKind.HEADING
            )  # fmt: skip
    return frozenset(outside)


def sections_outside_story(book: Book) -> frozenset[int]:
    """Sections of a book's text with no story in them (title pages, imprints, bare headings,
    a cover picture): not chapters to recap."""
    if book.is_comic:
        return frozenset()
    outside = outside_story(book)
    return frozenset(
        section.index for section in book.sections
        if all((section.index, n) in outside or not b.text.strip()
               for n, b in enumerate(section.blocks))
    )  # fmt: skip


def _unmarked_matter(book: Book, section: Section) -> bool:
    """A section of a book without marks that is only a title page or a list of links."""
    texts = [b.text for b in section.blocks if b.text.strip()]
    if not texts:
        return False
    words = sum(len(_WORD.findall(text)) for text in texts)
    linked = sum(
        s.end - s.start for b in section.blocks for s in b.spans if s.target or s.href
    )
    if linked >= LINK_LIST_SHARE * sum(len(t) for t in texts):
        return True
    if words > TITLE_PAGE_MAX_WORDS:
        return False
    names = [book.metadata.title, *book.metadata.authors]
    flat = " ".join(" ".join(texts).split()).casefold()
    return any(name.strip() and name.strip().casefold() in flat for name in names)


# -- notes -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NoteLink:
    """A note's sentences and the first story sentence that refers to it."""

    note_sid_start: int
    note_sid_end: int
    ref_sid: int


class _Placed(Protocol):
    @property
    def sid(self) -> int: ...
    @property
    def section(self) -> int: ...
    @property
    def block(self) -> int: ...
    @property
    def char_start(self) -> int: ...


def note_links(
    book: Book, sentences: Sequence[_Placed], outside: frozenset[tuple[int, int]]
) -> list[NoteLink]:
    """Every note of `book` a story sentence links to, with its first reference, by note start.

    A note is the block a link leads to when the book marks it (or what holds it) as a note,
    and the blocks after it up to the next note, a heading or another kind of block.
    """
    by_block: dict[tuple[int, int], list[_Placed]] = {}  # in reading order
    for s in sentences:
        by_block.setdefault((s.section, s.block), []).append(s)
    targets: dict[tuple[int, int], int] = {}  # note's first block -> earliest referring sid
    for section in book.sections:
        for n, block in enumerate(section.blocks):
            if (section.index, n) in outside:
                continue
            for span in block.spans:
                target = span.target
                if target is None or not 0 <= target.section < len(book.sections):
                    continue
                blocks = book.sections[target.section].blocks
                if not 0 <= target.block < len(blocks) or not is_note(blocks[target.block].marks):
                    continue
                if (target.section, target.block) in outside or target == Locator(section.index, n):
                    continue
                ref = _sentence_at(by_block.get((section.index, n), []), span.start)
                if ref is None:
                    continue
                key = (target.section, target.block)
                targets[key] = min(targets.get(key, ref), ref)
    links: list[NoteLink] = []
    for (section_index, first), ref in targets.items():
        blocks = book.sections[section_index].blocks
        last = first
        while (
            last + 1 < len(blocks)
            and (section_index, last + 1) not in targets
            and blocks[last + 1].kind is blocks[first].kind
            and is_note(blocks[last + 1].marks)
            and (section_index, last + 1) not in outside
        ):
            last += 1
        placed = [s for b in range(first, last + 1) for s in by_block.get((section_index, b), [])]
        if placed and placed[0].sid > ref:  # a note before its reference is read before it
            links.append(NoteLink(placed[0].sid, placed[-1].sid, ref))
    links.sort(key=lambda link: link.note_sid_start)
    return links


def _sentence_at(sentences: list[_Placed], char: int) -> int | None:
    """The sentence holding character `char` of its block (a mark after a full stop belongs to
    the sentence before it)."""
    found = None
    for s in sentences:
        if s.char_start <= char:
            found = s.sid
    return found


def write_note_links(conn: sqlite3.Connection, book_id: str, links: Sequence[NoteLink]) -> None:
    """Replace the book's note links. Caller's transaction."""
    conn.execute("DELETE FROM note_links WHERE book_id = ?", (book_id,))
    conn.executemany(
        "INSERT INTO note_links (book_id, note_sid_start, note_sid_end, ref_sid) "
        "VALUES (?, ?, ?, ?)",
        [(book_id, n.note_sid_start, n.note_sid_end, n.ref_sid) for n in links],
    )


def notes_referred_by(conn: sqlite3.Connection, book_id: str, boundary_sid: int) -> list[NoteLink]:
    """Notes whose text lies after `boundary_sid` but whose reference is at or before it."""
    rows = conn.execute(
        """SELECT note_sid_start, note_sid_end, ref_sid FROM note_links
           WHERE book_id = ? AND ref_sid <= ? AND note_sid_end > ?
           ORDER BY note_sid_start""",
        (book_id, boundary_sid, boundary_sid),
    ).fetchall()
    return [NoteLink(int(r[0]), int(r[1]), int(r[2])) for r in rows]


def note_link_at(conn: sqlite3.Connection, book_id: str, sid: int) -> NoteLink | None:
    """The note holding sentence `sid`, if it is one."""
    row = conn.execute(
        """SELECT note_sid_start, note_sid_end, ref_sid FROM note_links
           WHERE book_id = ? AND note_sid_start <= ? AND note_sid_end >= ?""",
        (book_id, sid, sid),
    ).fetchone()
    return None if row is None else NoteLink(int(row[0]), int(row[1]), int(row[2]))

"""The story so far: chapter summaries, the part of the current chapter read, "Previously…" and
the recap of a series' earlier volumes.

- A chapter is summarised once the boundary has passed its end, from that chapter's text only.
- The current chapter is summarised from its start to the boundary, never to its end.
- "Previously…" and the series recap are written from stored summaries usable at the boundary;
  the series recap reads only the earlier volumes, which are in scope whole.
Every summary is stored with the boundary it was made at. With no model, each paragraph is an
extract: the chapter's opening sentence and its sentences richest in names.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from reader_app.books.model import Book
from reader_app.books.text.language import decided_language
from reader_app.rag.companion.calls import CompanionCalls
from reader_app.rag.companion.prompts import CompanionTask
from reader_app.rag.companion.store import (
    Chapter,
    chapter_at,
    chapters,
    latest_usable,
    save_text,
    usable_texts,
)
from reader_app.rag.companion.words import CompanionWords, companion_words
from reader_app.rag.index.sentences import sentences_between
from reader_app.rag.scope.boundary import Scope, earlier_volume_ids
from reader_app.rag.scope.excerpts import Span, UsableText, excerpts_in_scope, from_summaries

EXTRACT_SENTENCES = 3
MAX_PART_CHARS = 40_000  # about 10,000 tokens: one request's worth of a chapter
MIN_EXTRACT_WORDS = 4
PREVIOUSLY_CHAPTERS = 3


@dataclass(frozen=True, slots=True)
class RecapParagraph:
    chapter: Chapter
    text: str
    source: str  # model | extract
    partial: bool  # the current chapter, summarised up to the boundary only


@dataclass(frozen=True, slots=True)
class StorySoFar:
    boundary_sid: int
    paragraphs: tuple[RecapParagraph, ...]
    missing: tuple[Chapter, ...]  # chapters read whose model summary is still to be made


def story_so_far(conn: sqlite3.Connection, book: Book, scope: Scope) -> StorySoFar:
    """What is stored or can be extracted now; `missing` says what a worker should summarise."""
    boundary = scope.boundary_sid
    paragraphs: list[RecapParagraph] = []
    missing: list[Chapter] = []
    for chapter in chapters(conn, book):
        if chapter.sid_start > boundary or not chapter.summarisable:
            continue
        partial = chapter.sid_end > boundary
        kind = "partial" if partial else "chapter"
        stored = latest_usable(conn, scope, book_id=book.book_id, kind=kind,
                               subject=str(chapter.number))
        if stored is not None and (not partial or stored.sid_end == boundary):
            paragraphs.append(RecapParagraph(chapter, stored.text, stored.source, partial))
            continue
        missing.append(chapter)
        text = extract(conn, book.book_id, chapter.sid_start, min(chapter.sid_end, boundary))
        paragraphs.append(RecapParagraph(chapter, text, "extract", partial))
    return StorySoFar(boundary, tuple(paragraphs), tuple(missing))


def summarise_chapter(
    conn: sqlite3.Connection, book: Book, scope: Scope, chapter: Chapter, gateway: CompanionCalls
) -> str:
    """Summarise `chapter` up to the boundary (all of it once passed), store and return it, in
    the book's language."""
    language = decided_language(book)
    words = companion_words(language)
    end = min(chapter.sid_end, scope.boundary_sid)
    label = chapter.title or words.chapter.format(number=chapter.number + 1)
    partial = end < chapter.sid_end
    task: CompanionTask = "partial" if partial else "chapter"
    parts = _parts(conn, book.book_id, chapter.sid_start, end, label, words)
    if len(parts) == 1:
        excerpts = excerpts_in_scope(conn, scope, parts)
    else:
        # A very long chapter: its parts first, then one summary of those.
        notes = [
            UsableText(book.book_id, scope.boundary_sid, part.label, gateway.companion_text(
                "partial", excerpts_in_scope(conn, scope, [part]),
                title=book.metadata.title, subject=part.label, language=language))
            for part in parts
        ]
        excerpts = from_summaries(scope, notes)
    text = gateway.companion_text(task, excerpts, title=book.metadata.title, subject=label,
                                  language=language)
    save_text(conn, book_id=book.book_id, kind="partial" if partial else "chapter",
              subject=str(chapter.number), sid_start=chapter.sid_start, sid_end=end,
              made_at_sid=scope.boundary_sid, text=text, source="model", model=gateway.model)
    return text


def _parts(
    conn: sqlite3.Connection, book_id: str, sid_start: int, sid_end: int, label: str,
    words: CompanionWords,
) -> list[Span]:
    """The range as spans of at most MAX_PART_CHARS characters each."""
    spans: list[Span] = []
    start, size = sid_start, 0
    for sentence in sentences_between(conn, book_id, sid_start, sid_end, story_only=True):
        if size and size + len(sentence.text) > MAX_PART_CHARS:
            part = words.part.format(label=label, number=len(spans) + 1)
            spans.append(Span(book_id, start, sentence.sid - 1, part))
            start, size = sentence.sid, 0
        size += len(sentence.text) + 1
    if not spans:
        return [Span(book_id, sid_start, sid_end, label)]
    part = words.part.format(label=label, number=len(spans) + 1)
    spans.append(Span(book_id, start, sid_end, part))
    return spans


def chapters_to_summarise(conn: sqlite3.Connection, book: Book, scope: Scope) -> list[Chapter]:
    """Chapters the boundary has passed that have no usable model summary yet."""
    return [
        c for c in story_so_far(conn, book, scope).missing if c.sid_end <= scope.boundary_sid
    ]


def previously(
    conn: sqlite3.Connection, book: Book, scope: Scope, gateway: CompanionCalls | None
) -> str:
    """A short "Previously…" from the last chapters' stored summaries (or their extracts)."""
    story = story_so_far(conn, book, scope)
    recent = story.paragraphs[-PREVIOUSLY_CHAPTERS:]
    if not recent:
        return ""
    stored = latest_usable(conn, scope, book_id=book.book_id, kind="previously",
                           subject="recap")
    if stored is not None and stored.made_at_sid == scope.boundary_sid:
        return stored.text
    if gateway is None or any(p.source != "model" for p in recent):
        return "\n\n".join(f"{p.chapter.title}: {p.text}" for p in recent)
    usable = usable_texts(conn, scope, book_id=book.book_id, kind="chapter") + usable_texts(
        conn, scope, book_id=book.book_id, kind="partial")
    wanted = {(str(p.chapter.number), p.text) for p in recent}
    language = decided_language(book)
    words = companion_words(language)
    inputs = [
        UsableText(t.book_id, t.made_at_sid,
                   words.summary.format(label=_chapter_title(story, t.subject, words)), t.text)
        for t in usable if (t.subject, t.text) in wanted
    ]
    text = gateway.companion_text("previously", from_summaries(scope, inputs),
                                  title=book.metadata.title, subject="", language=language)
    save_text(conn, book_id=book.book_id, kind="previously", subject="recap", sid_start=0,
              sid_end=scope.boundary_sid, made_at_sid=scope.boundary_sid, text=text,
              source="model", model=gateway.model)
    return text


def series_recap(
    conn: sqlite3.Connection,
    book: Book,
    scope: Scope,
    volumes: dict[str, Book],
    gateway: CompanionCalls | None,
) -> str:
    """A recap of the earlier volumes, from their chapter summaries; "" for a first volume.

    `volumes` maps the earlier volumes' book ids to their parsed books. Only those in the
    scope's earlier volumes are read; a later volume is never an input.
    """
    earlier = [volumes[v] for v in earlier_volume_ids(scope) if v in volumes]
    if not earlier:
        return ""
    stored = latest_usable(conn, scope, book_id=book.book_id, kind="series", subject="recap")
    if stored is not None:
        return stored.text
    inputs: list[UsableText] = []
    for volume in earlier:
        volume_language = decided_language(volume) if gateway is not None else ""
        for chapter in chapters(conn, volume):
            if not chapter.summarisable:
                continue
            summary = latest_usable(conn, scope, book_id=volume.book_id, kind="chapter",
                                    subject=str(chapter.number))
            if summary is None and gateway is not None:
                label = chapter.title or companion_words(volume_language).chapter.format(
                    number=chapter.number + 1)
                excerpts = excerpts_in_scope(
                    conn, scope, [Span(volume.book_id, chapter.sid_start, chapter.sid_end, label)]
                )
                text = gateway.companion_text("chapter", excerpts, title=volume.metadata.title,
                                              subject=label, language=volume_language)
                # An earlier volume is read whole: its summaries are made at its last sentence.
                save_text(conn, book_id=volume.book_id, kind="chapter",
                          subject=str(chapter.number), sid_start=chapter.sid_start,
                          sid_end=chapter.sid_end, made_at_sid=chapter.sid_end, text=text,
                          source="model", model=gateway.model)
                summary = latest_usable(conn, scope, book_id=volume.book_id, kind="chapter",
                                        subject=str(chapter.number))
            label = f"{volume.metadata.title}, {chapter.title}"
            if summary is not None:
                inputs.append(UsableText(volume.book_id, summary.made_at_sid, label,
                                         summary.text))
            else:
                text = extract(conn, volume.book_id, chapter.sid_start, chapter.sid_end)
                inputs.append(UsableText(volume.book_id, -1, label, text))
    if gateway is None:
        return "\n\n".join(f"{item.label}: {item.text}" for item in inputs)
    language = decided_language(book)
    series = book.metadata.series.name if book.metadata.series else (
        companion_words(language).series)
    text = gateway.companion_text("series", from_summaries(scope, inputs),
                                  title=book.metadata.title, subject=series, language=language)
    save_text(conn, book_id=book.book_id, kind="series", subject="recap", sid_start=0,
              sid_end=-1, made_at_sid=max(scope.boundary_sid, -1), text=text, source="model",
              model=gateway.model)
    return text


def extract(conn: sqlite3.Connection, book_id: str, sid_start: int, sid_end: int) -> str:
    """No model: the opening sentence and the sentences naming the most people, in order."""
    sentences = [
        s for s in sentences_between(conn, book_id, sid_start, sid_end, story_only=True)
        if len(s.text.split()) >= MIN_EXTRACT_WORDS  # not the heading "IV"
    ]
    if not sentences:
        return ""
    counts = dict(
        conn.execute(
            """SELECT sid, COUNT(*) FROM entity_mentions WHERE book_id = ? AND sid BETWEEN ? AND ?
               GROUP BY sid""",
            (book_id, sid_start, sid_end),
        ).fetchall()
    )
    rest = sorted(sentences[1:], key=lambda s: (-counts.get(s.sid, 0), s.sid))
    chosen = sorted([sentences[0], *rest[: EXTRACT_SENTENCES - 1]], key=lambda s: s.sid)
    return " ".join(s.text for s in chosen)


def current_chapter(conn: sqlite3.Connection, book: Book, scope: Scope) -> Chapter | None:
    return chapter_at(chapters(conn, book), max(scope.boundary_sid, 0))


def _chapter_title(story: StorySoFar, subject: str, words: CompanionWords) -> str:
    for paragraph in story.paragraphs:
        if str(paragraph.chapter.number) == subject:
            return paragraph.chapter.title
    return words.chapter.format(number=subject)

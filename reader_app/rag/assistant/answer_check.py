"""The spoiler receipt: an answer checked locally against what the book introduces only later.

A model may remember how a famous book ends without any passage telling it (DESIGN.md 1.5). We
hold the whole book, so after each answer we look up its names and phrases in a per-book table of
first occurrences: a name, or a phrase the book repeats, that the book has only after the boundary
flags the answer sentence it is in. Nothing is sent anywhere; the table never leaves the machine.

What never flags: common words (single words that are not names), names already met (a name
counts as met when it, or any part of a multi-word name, occurs at or before the boundary), and
the question's own words. Names are capitalised words the book never writes in lower case;
"Valdemar's" is "Valdemar".
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from reader_app.books.text.segment import split_sentences
from reader_app.translatable import QT_TRANSLATE_NOOP, Part, Sentence

RECEIPT = "Receipt"  # the context of the receipt's words in the catalogues

if TYPE_CHECKING:
    import numpy as np

    from reader_app.rag.assistant.term_table import TermTable


@dataclass(frozen=True, slots=True)
class Flag:
    """A name or phrase in the answer that the book has only after the boundary."""

    text: str  # as written in the answer
    start: int  # character offsets in the answer
    end: int
    first_sid: int  # where the book first has it
    sentence_start: int  # the answer sentence it is in, which the panel veils
    sentence_end: int

    def to_json(self, *, first_at: str) -> dict[str, Any]:
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "sentence": [self.sentence_start, self.sentence_end],
            "first_sid": self.first_sid,
            "first_at": first_at,
        }


def check_answer(
    table: TermTable, answer: str, *, question: str, boundary_sid: int
) -> tuple[Flag, ...]:
    """Every later-only name or repeated phrase in `answer`, in order; () when none.

    `question` holds every text the reader supplied or may already know (the question, and
    before reading the title and description): its words never flag.
    """
    # Imported here: the stored receipts (`AnswerCheck`) are read with every conversation the
    # window shows, and the term table's numpy is needed only when an answer is checked.
    import numpy as np

    from reader_app.rag.assistant.term_table import (
        INITIAL_NAME,
        MAX_NGRAM,
        NAME,
        STOPWORDS,
        ngram_hashes,
        tokenize,
        word_arrays,
    )

    asked = {t.word for t in tokenize(question)}
    flags: list[Flag] = []
    for sentence_start, sentence_end in split_sentences(answer) or [(0, len(answer))]:
        text = answer[sentence_start:sentence_end]
        tokens = tokenize(text)
        if not tokens:
            continue
        words = [t.word for t in tokens]
        candidates: list[tuple[int, int, np.ndarray]] = []  # (first token, n, hash)
        unigram, content = word_arrays(words)
        clause = np.asarray([t.clause for t in tokens], np.int64)
        candidates.extend((i, 1, unigram[i : i + 1]) for i in range(len(words)))
        for n in range(2, MAX_NGRAM + 1):
            hashes, starts = ngram_hashes(unigram, content, clause, n)
            candidates.extend(
                (int(s), n, hashes[j : j + 1]) for j, s in enumerate(starts.tolist())
            )
        if not candidates:
            continue
        candidates.sort(key=lambda c: -c[1])  # longest first: a phrase keeps the name inside it
        keys = np.concatenate([c[2] for c in candidates])
        rows = table.lookup(keys)
        name_met = {
            words[i]
            for (i, n, _), row in zip(candidates, rows.tolist(), strict=True)
            if n == 1 and row >= 0 and table.first_sid[row] <= boundary_sid
        }
        taken: list[tuple[int, int]] = []
        for (i, n, _), row in zip(candidates, rows.tolist(), strict=True):
            if row < 0 or table.first_sid[row] <= boundary_sid:
                continue
            span_words = words[i : i + n]
            if all(w in asked or w in STOPWORDS for w in span_words):
                continue
            if n == 1:
                kind = table.kind[row]
                mid_sentence_capital = i > 0 and tokens[i].capitalised
                if kind != NAME and not (kind == INITIAL_NAME and mid_sentence_capital):
                    continue
            else:
                # A phrase is the book's own when the book repeats it; a multi-word name whose
                # parts are all met is an alias of someone known, not news.
                if table.count[row] < 2:
                    continue
                content_words = [w for w in span_words if w not in STOPWORDS]
                if all(w in name_met for w in content_words):
                    continue
            start = tokens[i].start
            end = tokens[i + n - 1].end
            if any(a <= start and end <= b for a, b in taken):
                continue
            taken.append((start, end))
            flags.append(
                Flag(
                    text=text[start:end],
                    start=sentence_start + start,
                    end=sentence_start + end,
                    first_sid=int(table.first_sid[row]),
                    sentence_start=sentence_start,
                    sentence_end=sentence_end,
                )
            )
    return _merge_adjacent(answer, sorted(flags, key=lambda f: (f.start, -f.end)))


def _merge_adjacent(answer: str, flags: list[Flag]) -> tuple[Flag, ...]:
    """"Danvers" and "Carew" side by side are one flag, "Danvers Carew"."""
    merged: list[Flag] = []
    for flag in flags:
        last = merged[-1] if merged else None
        if last is not None and last.sentence_start == flag.sentence_start and (
            not answer[last.end : flag.start].strip()
        ):
            merged[-1] = replace(
                last,
                text=answer[last.start : max(last.end, flag.end)],
                end=max(last.end, flag.end),
                first_sid=min(last.first_sid, flag.first_sid),
            )
        else:
            merged.append(flag)
    return tuple(merged)


def veiled_sentences(flags: tuple[Flag, ...]) -> tuple[tuple[int, int], ...]:
    """The answer sentences to veil, each once, in order."""
    return tuple(sorted({(f.sentence_start, f.sentence_end) for f in flags}))


@dataclass(frozen=True, slots=True)
class Receipt:
    """The line under every answer, made from what happened: how far the text it came from
    reaches (the panel's "Knows up to" words), how many passages the reader can open under it,
    whether a model wrote it or it is passages found on this computer, and where read text went
    over the wire (`sent_to`: a server on another computer that the request reached)."""

    boundary: str  # "Chapter 12 (34%)", as the panel says it; "" before reading
    passages: int
    sent_to: str = ""  # the host elsewhere that the answer's requests reached; "" for none
    from_model: bool = True  # False: no model wrote it (the passages found, shown instead)

    @property
    def line(self) -> str:
        """The line in English, as the command line prints it (`words` for the window)."""
        return str(self.words())

    def words(self) -> Sentence:
        """The line as a sentence in the context "Receipt", for the window to say in its
        language; `boundary` stays the words recorded with the answer."""
        count = self.passages
        if self.sent_to:
            where: Part = Sentence(QT_TRANSLATE_NOOP("Receipt", " · sent to {host}"),
                                   (("host", self.sent_to),), RECEIPT)
        elif self.from_model:
            where = ""
        else:
            where = Sentence(QT_TRANSLATE_NOOP("Receipt", " · nothing left this computer"), (),
                             RECEIPT)
        if not self.boundary:
            template = QT_TRANSLATE_NOOP(
                "Receipt", "From the title and description only: nothing read yet{where}")
        elif self.from_model:
            template = (QT_TRANSLATE_NOOP("Receipt", "From the text up to {boundary} · {count} "
                                                     "passage{where}") if count == 1 else
                        QT_TRANSLATE_NOOP("Receipt", "From the text up to {boundary} · {count} "
                                                     "passages{where}"))
        elif not count:
            template = QT_TRANSLATE_NOOP(
                "Receipt", "No passage found on this computer in the text up to {boundary}{where}")
        else:
            template = (QT_TRANSLATE_NOOP("Receipt", "{count} passage found on this computer in "
                                                     "the text up to {boundary}{where}")
                        if count == 1 else
                        QT_TRANSLATE_NOOP("Receipt", "{count} passages found on this computer "
                                                     "in the text up to {boundary}{where}"))
        return Sentence(template, (("boundary", self.boundary), ("count", count),
                                   ("where", where)), RECEIPT)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"boundary": self.boundary, "passages": self.passages,
                                "text": self.line}
        if self.sent_to:
            data["sent_to"] = self.sent_to
        if not self.from_model:
            data["from_model"] = False
        return data


@dataclass(frozen=True, slots=True)
class FlaggedSpan:
    flag: Flag
    first_at: str  # where the book first has it, e.g. "Chapter 31 (62%)"

    def to_json(self) -> dict[str, Any]:
        return self.flag.to_json(first_at=self.first_at)


@dataclass(frozen=True, slots=True)
class AnswerCheck:
    """What the check found for one answer; stored with the message."""

    receipt: Receipt
    flagged: tuple[FlaggedSpan, ...] = ()

    @property
    def veiled(self) -> tuple[tuple[int, int], ...]:
        return veiled_sentences(tuple(f.flag for f in self.flagged))

    def veiled_at(self, boundary_sid: int | None) -> tuple[tuple[int, int], ...]:
        """The sentences still to veil with the reader at `boundary_sid`: a name the reader has
        since reached no longer needs hiding (None: the boundary is not known, veil them all)."""
        if boundary_sid is None:
            return self.veiled
        return veiled_sentences(tuple(f.flag for f in self.flagged
                                      if f.flag.first_sid > boundary_sid))

    def to_json(self) -> dict[str, Any]:
        return {
            "receipt": self.receipt.to_json(),
            "flagged": [f.to_json() for f in self.flagged],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AnswerCheck | None:
        if not data or "receipt" not in data:
            return None
        stored = data["receipt"]
        receipt = Receipt(str(stored["boundary"]), int(stored["passages"]),
                          str(stored.get("sent_to", "")), bool(stored.get("from_model", True)))
        flagged = tuple(
            FlaggedSpan(
                Flag(
                    text=str(f["text"]),
                    start=int(f["start"]),
                    end=int(f["end"]),
                    first_sid=int(f["first_sid"]),
                    sentence_start=int(f["sentence"][0]),
                    sentence_end=int(f["sentence"][1]),
                ),
                first_at=str(f["first_at"]),
            )
            for f in data.get("flagged", [])
        )
        return cls(receipt, flagged)


@dataclass(frozen=True, slots=True, eq=False)
class AnswerChecker:
    """The check for one question, ready before the answer streams so the panel veils live."""

    table: TermTable
    known_text: str  # the question (and what the reader knows without reading): never flags
    boundary_sid: int

    def flags(self, answer: str) -> tuple[Flag, ...]:
        return check_answer(
            self.table, answer, question=self.known_text, boundary_sid=self.boundary_sid
        )

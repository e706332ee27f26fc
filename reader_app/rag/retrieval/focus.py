"""Passages cut to what the question asks when the budget is tight.

At "Answer quickly" on a computer without a graphics card the passages found get a few hundred
tokens: the best span whole would take them all, and the evidence is as often in the third or
fifth span found as in the first. So, where the best `FOCUS_SPANS` spans' cores do not fit
whole, the best span keeps up to `HEAD_SHARE` of the budget (cut around its best hit, as any
span too long for the budget is), and the rest goes to the sentences most like the question
among those of the best spans (`Likeness`, the search's own embedding model, plus the question's
rarer words), each in its span's passage, with "…" where sentences are left out between them.

Measured on the development set's questions where it asks them, the server reading 51 tokens a
second (a 403-token budget after the pages read along): evidence in what the model reads 0.55
before, 0.60 with this, 0.55 with no share kept for the best span; War and Peace's 28 questions
0.29, 0.46, 0.43 (docs/assistant.md).
"""

from __future__ import annotations

import dataclasses
import math
import re
import sqlite3
import unicodedata
from collections.abc import Callable, Sequence

from reader_app.rag.index.sentences import Sentence, join_sentences, sentences_between
from reader_app.rag.retrieval.passages import (
    Span,
    approximate_tokens,
    passage_of,
    passages_within,
)
from reader_app.rag.scope.found import Passage

# Texts -> each one's likeness to the question (higher is more alike).
Likeness = Callable[[Sequence[str]], Sequence[float]]

FOCUS_SPANS = 6
HEAD_SHARE = 0.5  # of the budget, at most, for the best span
WORDS_WEIGHT = 0.5  # of the question's words' likeness, beside the model's
GAP = " … "  # between sentences of a passage that are not next to each other
# What each passage besides the first costs the prompt around its text: its excerpt tag, number
# and chapter (prompts.py), so that more, shorter passages do not outgrow the reader's wait.
EXCERPT_TOKENS = 20


def needs_focus(conn: sqlite3.Connection, spans: list[Span], token_budget: int) -> bool:
    """Whether the best FOCUS_SPANS spans' cores do not all fit in `token_budget` whole."""
    needed = 0
    for span in spans[:FOCUS_SPANS]:
        core = sentences_between(conn, span.book_id, span.core_start, span.core_end)
        needed += sum(_cost(s) for s in core)
    return len(spans) > 1 and needed > token_budget


def focused_passages(conn: sqlite3.Connection, spans: list[Span], token_budget: int,
                     question: str, model: Likeness | None = None) -> list[Passage]:
    """The best span within HEAD_SHARE of `token_budget`, then the sentences of the best
    FOCUS_SPANS spans most like `question` (by `model`, where there is one, and its words) while
    the budget lasts: a passage per span, best first."""
    best = spans[:FOCUS_SPANS]
    head = passages_within(conn, best[:1], int(token_budget * HEAD_SHARE))
    if not head:  # the best span holds no sentence: cut as before
        return passages_within(conn, spans, token_budget)
    used = sum(approximate_tokens(p.text) for p in head)
    kept: dict[int, set[int]] = {0: set(range(head[0].sid_start, head[0].sid_end + 1))}
    texts = [sentences_between(conn, span.book_id, span.sid_start, span.sid_end)
             for span in best]
    free = [(n, s) for n, sentences in enumerate(texts) for s in sentences
            if s.sid not in kept[0] or n > 0]
    if free:
        likeness = _combined(question, model)([s.text for _, s in free])
        for at in sorted(range(len(free)), key=lambda i: -likeness[i]):
            n, sentence = free[at]
            cost = _cost(sentence) + (0 if n in kept else EXCERPT_TOKENS)
            if used + cost > token_budget:
                continue
            kept.setdefault(n, set()).add(sentence.sid)
            used += cost
    return [_passage(conn, best[n], [s for s in texts[n] if s.sid in kept[n]])
            for n in sorted(kept) if kept[n]]


def _passage(conn: sqlite3.Connection, span: Span, sentences: list[Sentence]) -> Passage:
    """`sentences` of `span` (in order, perhaps with gaps) as its passage."""
    runs: list[list[Sentence]] = []
    for sentence in sentences:
        if runs and sentence.sid == runs[-1][-1].sid + 1:
            runs[-1].append(sentence)
        else:
            runs.append([sentence])
    passage = passage_of(conn, span, sentences)
    if len(runs) == 1:
        return passage
    return dataclasses.replace(passage, text=GAP.join(join_sentences(run) for run in runs))


def _cost(sentence: Sentence) -> int:
    return approximate_tokens(sentence.text) + 1


def _combined(question: str, model: Likeness | None) -> Callable[[Sequence[str]], list[float]]:
    words = word_likeness(question)

    def likeness(texts: Sequence[str]) -> list[float]:
        by_words = words(texts)
        if model is None:
            return list(by_words)
        return [m + WORDS_WEIGHT * w for m, w in zip(model(texts), by_words, strict=True)]
    return likeness


_WORD = re.compile(r"[^\W_]+")


def _folded(text: str) -> set[str]:
    return {"".join(c for c in unicodedata.normalize("NFKD", w.casefold())
                    if not unicodedata.combining(c)) for w in _WORD.findall(text)}


def word_likeness(question: str) -> Callable[[Sequence[str]], list[float]]:
    """The share of the question's words each text holds, each word weighed by how rare it is
    among the texts (any language: "the", "le", "der" are in most of them and weigh little)."""
    asked = _folded(question)

    def likeness(texts: Sequence[str]) -> list[float]:
        held = [_folded(t) & asked for t in texts]
        weight = {w: math.log(1 + len(texts) / (1 + sum(w in h for h in held))) for w in asked}
        total = sum(weight.values()) or 1.0
        return [sum(weight[w] for w in h) / total for h in held]
    return likeness

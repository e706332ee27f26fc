"""The spoiler receipt: false alarms on in-scope answers, catches of inserted later-only terms.

200 scripted answers over the six corpus books, each at a random boundary between 15% and 85%.
An in-scope answer is written the way a model writes from retrieved passages: an opening, two
passages from before the boundary reworded (clauses dropped, names reused in new sentences),
and generic connective sentences. A spoiling answer is the same answer with one sentence that
brings in a later-only name or phrase. The ground truth for "later-only" is found by plain
text search over the book, independently of the check's hashed table: a name is a word
capitalised mid-sentence that the book never writes in lower case and never has at or before
the boundary; a phrase is two content words that the book has at least twice, all after the
boundary. Check time is measured per answer on War and Peace, table build time once.

Run alone: `python -m benchmarks.run answer_check` (or `python -m benchmarks.bench_answer_check`).
"""

from __future__ import annotations

import itertools
import random
import re
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from reader_app.books.opening.formats import read_book
from reader_app.rag.assistant.answer_check import check_answer
from reader_app.rag.assistant.term_table import STOPWORDS, TermTable, build_term_table
from reader_app.rag.index.sentences import split_book

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "epub"
WAR_AND_PEACE = "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
ANSWERS = 200
SEED = 12

OPENINGS = (
    "From what you've read so far, ",
    "In the passages up to here, ",
    "It seems that ",
    "The text tells us that ",
    "",
)
CONNECTIVES = (
    "This suggests that {name} cares a great deal about what happens next.",
    "{name} does not say much more about it yet.",
    "The narrator leaves the reason open at this point.",
    "It is a quiet moment, but it shows how {name} thinks.",
    "Later in the same scene, {name} seems troubled by it [2].",
    "So far nothing else is said about this.",
    "That is all the book has told you about it up to here.",
)
NAME_INSERTS = (
    "Soon {term} will change everything.",
    "You will later meet {term}, who matters a great deal.",
    "{term} is the one behind it all.",
    "Keep an eye on {term}.",
)
PHRASE_INSERTS = (
    "Eventually it all leads to the {term}.",
    "Much later there is talk of the {term}.",
    "Remember the {term}.",
)
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


@dataclass
class Book:
    name: str
    sentences: list[str]
    table: TermTable
    lower_words: set[str]  # every word the book writes in lower case somewhere (lower-cased)
    inside_capitals: set[str]  # words capitalised somewhere other than a sentence start


def _load(file_name: str) -> tuple[Book, float]:
    book = read_book(CORPUS / file_name)
    sentences = [s.text for s in split_book(book)]
    started = time.perf_counter()
    table = build_term_table(sentences)
    build_seconds = time.perf_counter() - started
    lower: set[str] = set()
    inside: set[str] = set()
    for text in sentences:
        words = _WORD.findall(text)
        lower.update(w.lower() for w in words if w[:1].islower())
        inside.update(w for w in words[1:] if w[:1].isupper())
    return Book(file_name.split("_")[1], sentences, table, lower, inside), build_seconds


def _words_before(book: Book, boundary: int) -> set[str]:
    """Every word at or before the boundary, lower case, "Gardiner’s" counted as "gardiner"."""
    words = {w.lower() for text in book.sentences[: boundary + 1] for w in _WORD.findall(text)}
    return words | {re.sub(r"['’]s$", "", w) for w in words}


def _met_names(book: Book, boundary: int, rng: random.Random) -> list[str]:
    names = [
        w
        for text in book.sentences[max(0, boundary - 400) : boundary + 1]
        for w in _WORD.findall(text)[1:]
        if w[:1].isupper() and w.lower() not in STOPWORDS and w.lower() not in book.lower_words
    ]
    return names or ["the narrator"]


def _reword(sentence: str, rng: random.Random) -> str:
    """Drop a leading clause or keep a window of words, as a model paraphrasing would."""
    parts = [p.strip() for p in re.split(r"[,;:]", sentence) if len(p.split()) >= 4]
    chosen = rng.choice(parts) if parts else sentence
    words = chosen.split()
    if len(words) > 22:
        start = rng.randrange(0, len(words) - 18)
        words = words[start : start + 18]
    text = " ".join(words).strip(" .\"“”'’")
    return text[:1].lower() + text[1:] if rng.random() < 0.5 else text


def in_scope_answer(book: Book, boundary: int, rng: random.Random) -> tuple[str, str]:
    """(question, answer) built only from the text at or before the boundary."""
    names = _met_names(book, boundary, rng)
    name = rng.choice(names)
    anchor = rng.randrange(0, boundary + 1)
    passages = [
        book.sentences[min(anchor + d, boundary)]
        for d in sorted(rng.sample(range(0, 8), 2))
    ]
    first = rng.choice(OPENINGS) + _reword(passages[0], rng) + " [1]."
    second = f"{rng.choice(names)} is also there: {_reword(passages[1], rng)} [2]."
    filler = rng.choice(CONNECTIVES).format(name=name)
    parts = [first, second, filler]
    rng.shuffle(parts[1:])
    return f"What do we know about {name} so far?", " ".join(p[:1].upper() + p[1:] for p in parts)


def later_name(book: Book, boundary: int, before: set[str], rng: random.Random) -> str | None:
    later = book.sentences[boundary + 1 :]
    for _ in range(400):
        words = _WORD.findall(rng.choice(later))[1:]
        candidates = [
            w
            for w in words
            if w[:1].isupper()
            and len(w) > 2
            and "'" not in w
            and "’" not in w
            and w.lower() not in before
            and w.lower() not in book.lower_words
            and w.lower() not in STOPWORDS
        ]
        if candidates:
            return rng.choice(candidates)
    return None


def later_phrase(book: Book, boundary: int, before_text: str, rng: random.Random) -> str | None:
    later = book.sentences[boundary + 1 :]
    whole = " ".join(s.lower() for s in book.sentences)
    for _ in range(400):
        words = _WORD.findall(rng.choice(later))
        pairs = [
            f"{a} {b}"
            for a, b in itertools.pairwise(words)
            if a.isalpha() and b.isalpha() and a.islower() and b.islower()
            and a not in STOPWORDS and b not in STOPWORDS and len(a) > 2 and len(b) > 2
        ]
        rng.shuffle(pairs)
        for pair in pairs[:4]:
            pattern = re.compile(rf"\b{re.escape(pair)}\b")
            if pattern.search(before_text) is None and len(pattern.findall(whole)) >= 2:
                return pair
    return None


def _with_insert(answer: str, sentence: str, rng: random.Random) -> tuple[str, int, int]:
    parts = re.split(r"(?<=\.) ", answer)
    position = rng.randrange(1, len(parts) + 1)
    before = " ".join(parts[:position])
    text = (before + " " if before else "") + sentence
    start = len(text) - len(sentence)
    rest = " ".join(parts[position:])
    return (text + (" " + rest if rest else "")), start, start + len(sentence)


def run() -> list[dict[str, object]]:
    rng = random.Random(SEED)
    files = sorted(p.name for p in CORPUS.glob("*.epub"))
    books: list[Book] = []
    build_wap = 0.0
    for file_name in files:
        book, seconds = _load(file_name)
        books.append(book)
        if file_name == WAR_AND_PEACE:
            build_wap = seconds
    false_alarms = 0
    caught = {"name": 0, "phrase": 0}
    tried = {"name": 0, "phrase": 0}
    wap_times: list[float] = []
    examples: list[str] = []
    misses: list[str] = []
    for index in range(ANSWERS):
        book = books[index % len(books)]
        total = len(book.sentences)
        boundary = rng.randrange(int(total * 0.15), int(total * 0.85))
        question, answer = in_scope_answer(book, boundary, rng)
        started = time.perf_counter()
        flags = check_answer(book.table, answer, question=question, boundary_sid=boundary)
        if book.name.startswith("war"):
            wap_times.append(time.perf_counter() - started)
        if flags:
            false_alarms += 1
            if len(examples) < 6:
                examples.append(f"{book.name}: {[f.text for f in flags]}")
        kind = "name" if index % 2 == 0 else "phrase"
        before_text = " ".join(s.lower() for s in book.sentences[: boundary + 1])
        if kind == "name":
            term = later_name(book, boundary, _words_before(book, boundary), rng)
            template = rng.choice(NAME_INSERTS)
        else:
            term = later_phrase(book, boundary, before_text, rng)
            template = rng.choice(PHRASE_INSERTS)
        if term is None:
            continue
        inserted = template.format(term=term)
        spoiling, start, _end = _with_insert(answer, inserted, rng)
        tried[kind] += 1
        flags = check_answer(book.table, spoiling, question=question, boundary_sid=boundary)
        term_start = spoiling.index(term, start)
        term_end = term_start + len(term)
        if any(f.start < term_end and term_start < f.end for f in flags):
            caught[kind] += 1
        elif len(misses) < 6:
            misses.append(f"{book.name}: {term!r}")
    catches = caught["name"] + caught["phrase"]
    attempts = tried["name"] + tried["phrase"]
    rows: list[dict[str, object]] = [
        {"metric": "false-alarm rate, in-scope answers", "value": false_alarms / ANSWERS,
         "unit": "ratio", "note": f"{false_alarms} of {ANSWERS}; " + "; ".join(examples)},
        {"metric": "catch rate, inserted later-only term", "value": catches / max(attempts, 1),
         "unit": "ratio", "note": f"{catches} of {attempts}; missed " + "; ".join(misses)},
        {"metric": "catch rate, later-only names", "value": caught["name"] / max(tried["name"], 1),
         "unit": "ratio", "note": f"{caught['name']} of {tried['name']}"},
        {"metric": "catch rate, later-only phrases",
         "value": caught["phrase"] / max(tried["phrase"], 1), "unit": "ratio",
         "note": f"{caught['phrase']} of {tried['phrase']}"},
        {"metric": "check time per answer, War and Peace (median)",
         "value": statistics.median(wap_times) * 1000 if wap_times else None, "unit": "ms",
         "note": f"p95 {sorted(wap_times)[int(len(wap_times) * 0.95)] * 1000:.2f} ms"
         if wap_times else ""},
        {"metric": "first-occurrence table build, War and Peace", "value": build_wap,
         "unit": "s", "note": "once per book text, then loaded from disk"},
    ]
    return rows


if __name__ == "__main__":
    from benchmarks.run import print_table

    print_table(run())

"""X-Ray: the people and places the reader has met, their mentions and who appears with whom.

Everything here takes a `Scope` from `rag/scope/boundary.py` and reads only mentions at or before
its boundary and merges made at or before it, so a name first met later is not listed, a later
mention is not counted and a later tie is not drawn. Character chat (issue 15) builds on
`known_entities` and `mention_sids`.
"""

from __future__ import annotations

import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from reader_app.rag.companion.entity_store import (
    FormCounts,
    StoredForm,
    form_counts_upto,
    forms_of,
    links_upto,
    mentions_of,
    paragraph_forms_upto,
    shared_mentions,
)
from reader_app.rag.companion.entity_words import (
    KNOWN_PLACES,
    NICKNAMES,
    PLACE_ENDINGS,
    PLACE_LEADS,
    PLACE_WORDS,
)
from reader_app.rag.scope.boundary import Scope

Kind = Literal["person", "place"]
MIN_LONE_MENTIONS = 2  # a lone French capital said once, with nothing to say it is someone
MIN_WEAK_MENTIONS = 3  # a name only ever met at sentence starts needs this many to be listed
MAX_NAME_WORDS = 6  # a longer selection is a passage, not a name
MIN_PLACE_CUES = 2  # "at Pemberley" twice, for a name that ends like a place
_SAINT_PLACES = ("Saint-", "Sainte-", "San-", "Santa-", "Sankt-", "Notre-Dame")
MIN_TITLE_MENTIONS = 3  # "the Nome King" names the entry once used this often (or met first)


@dataclass(frozen=True, slots=True)
class XRayEntry:
    """One character or place as known at a boundary."""

    key: int  # stable across boundaries: the first form of the name the book used
    name: str  # the form used most so far, with its article: "the Scarecrow"
    kind: Kind
    mentions: int  # sentences mentioning it, up to the boundary
    first_sid: int
    aliases: tuple[str, ...]  # the other forms met so far, most used first
    form_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tie:
    a: int  # entry keys
    b: int
    weight: int  # paragraphs, up to the boundary, in which both appear


@dataclass(frozen=True, slots=True)
class RelationshipMap:
    boundary_sid: int
    entries: tuple[XRayEntry, ...]
    ties: tuple[Tie, ...]


def known_entities(
    conn: sqlite3.Connection, scope: Scope, *, kinds: tuple[Kind, ...] = ("person", "place")
) -> list[XRayEntry]:
    """Everyone and everywhere met up to the boundary, most mentioned first."""
    boundary = scope.boundary_sid
    if boundary < 0:
        return []
    counts = {c.form_id: c for c in form_counts_upto(conn, scope.book_id, boundary)}
    forms = {f.form_id: f for f in forms_of(conn, scope.book_id, counts)}
    # A place is never merged with a person ("Lucas Lodge" is not Miss Lucas).
    links = [(a, b) for a, b in links_upto(conn, scope.book_id, boundary)
             if a in counts and b in counts and not _place_with_person(
                 (forms[a], counts[a]), (forms[b], counts[b]))]
    groups = _groups(counts, links)
    # One number everywhere: a sentence naming "Mr. Wickham" and "Wickham" counts once.
    merged = [form for members in groups.values() if len(members) > 1 for form in members]
    sentences: dict[int, set[int]] = defaultdict(set)
    root = {form: key for key, members in groups.items() for form in members}
    for sid, form in shared_mentions(conn, scope.book_id, merged, boundary):
        sentences[root[form]].add(sid)
    entries = []
    tails = _place_tails(forms.values())
    for key, members in groups.items():
        entry = _entry(members, counts, forms, sentences=len(sentences[key]) or None,
                       place_tails=tails)
        if entry is not None and entry.kind in kinds:
            entries.append(entry)
    entries.sort(key=lambda e: (-e.mentions, e.first_sid))
    return entries


def entity_by_key(conn: sqlite3.Connection, scope: Scope, key: int) -> XRayEntry | None:
    return next((e for e in known_entities(conn, scope) if e.key == key), None)


def find_by_name(conn: sqlite3.Connection, scope: Scope, text: str) -> XRayEntry | None:
    """The known entry a selected name refers to ("Mr. Darcy", "Lizzy's"), or None."""
    wanted = _normal(text)
    if not wanted or not _looks_like_a_name(text):
        return None  # a passage, not a name: the assistant's question
    entries = known_entities(conn, scope)
    for entry in entries:
        if wanted in (_normal(n) for n in (entry.name, *entry.aliases)):
            return entry
    words = set(wanted.split())
    for entry in entries:  # most mentioned first: "Darcy" finds Mr. Darcy
        if any(words & set(_normal(n).split()) - _TITLE_WORDS for n in (entry.name,
                                                                          *entry.aliases)):
            return entry
    return None


def named_in_passing(conn: sqlite3.Connection, scope: Scope, text: str) -> bool:
    """Whether the book has written `text` as a name up to the boundary though X-Ray does not
    list it as someone ("Scribe", named once in passing in a French book)."""
    wanted = _normal(text)
    if scope.boundary_sid < 0 or not wanted:
        return False
    counts = form_counts_upto(conn, scope.book_id, scope.boundary_sid)
    return any(_normal(form.text) == wanted
               for form in forms_of(conn, scope.book_id, (c.form_id for c in counts)))


def mention_sids(conn: sqlite3.Connection, scope: Scope, entry: XRayEntry) -> list[int]:
    """Every sentence up to the boundary that mentions `entry`, in reading order."""
    if scope.boundary_sid < 0:
        return []
    return mentions_of(conn, scope.book_id, entry.form_ids, scope.boundary_sid)


def relationship_map(
    conn: sqlite3.Connection, scope: Scope, *, limit: int = 14, min_weight: int = 1
) -> RelationshipMap:
    """The `limit` most mentioned people and how often each pair shares a paragraph."""
    people = known_entities(conn, scope, kinds=("person",))[:limit]
    if scope.boundary_sid < 0 or not people:
        return RelationshipMap(scope.boundary_sid, tuple(people), ())
    key_of = {form: entry.key for entry in people for form in entry.form_ids}
    paragraphs: dict[tuple[int, int], set[int]] = defaultdict(set)
    for section, block, form in paragraph_forms_upto(conn, scope.book_id, scope.boundary_sid):
        key = key_of.get(form)
        if key is not None:
            paragraphs[(section, block)].add(key)
    weights: Counter[tuple[int, int]] = Counter()
    for keys in paragraphs.values():
        for a, b in combinations(sorted(keys), 2):
            weights[(a, b)] += 1
    ties = tuple(
        Tie(a, b, w) for (a, b), w in sorted(weights.items(), key=lambda i: -i[1])
        if w >= min_weight
    )
    return RelationshipMap(scope.boundary_sid, tuple(people), ties)


# -- internals ------------------------------------------------------------------------------

_TITLE_WORDS = {"mr", "mrs", "miss", "ms", "dr", "lady", "lord", "sir", "the", "prince",
                "princess", "count", "countess", "captain", "colonel", "general", "king", "queen"}


def _looks_like_a_name(text: str) -> bool:
    words = [w.strip(".,;:!?“”‘’\"'()") for w in text.split()]
    words = [w for w in words if w]
    return 0 < len(words) <= MAX_NAME_WORDS and all(
        w[:1].isupper() or w in ("the", "of", "de", "van", "von", "du", "le", "la") for w in words
    )


def _normal(text: str) -> str:
    words = [w.strip(".,;:!?“”‘’\"'()").removesuffix("’s").removesuffix("'s") for w in
             text.split()]
    return " ".join(w.lower().rstrip(".") for w in words if w)


def _groups(counts: dict[int, FormCounts], links: list[tuple[int, int]]) -> dict[int, set[int]]:
    parent = {form: form for form in counts}

    def find(form: int) -> int:
        parent.setdefault(form, form)
        while parent[form] != form:
            parent[form] = parent[parent[form]]
            form = parent[form]
        return form

    for a, b in links:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)  # the earlier form stays the root: a stable key
    groups: dict[int, set[int]] = defaultdict(set)
    for form in counts:
        groups[find(form)].add(form)
    return groups


def _entry(
    members: set[int], counts: dict[int, FormCounts], forms: dict[int, StoredForm], *,
    sentences: int | None = None, place_tails: frozenset[str] = frozenset(),
) -> XRayEntry | None:
    """`sentences`: how many sentences name any of `members` (each counted once);
    `place_tails`: the names places are "of" ("Ev" of "the Land of Ev")."""
    rows = [counts[m] for m in members]
    total = sum(r.mentions for r in rows)
    strong = sum(r.strong for r in rows)
    if strong == 0 and total < MIN_WEAK_MENTIONS:
        return None
    # The name a nickname stands for names the entry ("Elizabeth", not "Lizzy"), when known.
    ranked = sorted(rows, key=lambda r: (_nickname_of(forms[r.form_id], rows, forms),
                                         -r.mentions, r.first_sid))
    names = [_display(forms[r.form_id], r) for r in ranked]
    titled_name = _described_title(ranked[0], rows, forms)
    if titled_name is not None:
        names.insert(0, titled_name)  # "the Nome King" over "the King", however often
    person = sum(r.speech + r.titled + r.called for r in rows)
    place = sum(r.place for r in rows)
    # A name used only as a place is not a person: never spoken, called or titled, and named
    # like a place ("England", "Lucas Lodge"), or ending like an English place and met where
    # places are ("at Pemberley", "to Pemberley").
    # A name never written with "the" that a land or kingdom is "of" ("the Land of Ev") is
    # that land, when nothing says it is someone ("the Great Oz" is someone).
    only_a_place = person == 0 and any(
        _named_like_a_place(forms[r.form_id])
        or (place >= MIN_PLACE_CUES and forms[r.form_id].names.endswith(PLACE_ENDINGS))
        or (forms[r.form_id].text in place_tails and not sum(q.after_the for q in rows))
        # "Séville", "Égypte" in a French or German book, never listed beside people (places.py)
        or 0 < r.known_place == r.mentions
        for r in rows)  # fmt: skip
    kind: Kind = "place" if only_a_place or (
        place > 2 * person and place * 10 >= total * 3) else "person"  # fmt: skip
    if kind == "person" and sum(r.lone for r in rows) == total < MIN_LONE_MENTIONS:
        return None  # "les tapis de Perse", "les taureaux de Mazpule": said once, no cue
    return XRayEntry(
        key=min(members),
        name=names[0],
        kind=kind,
        mentions=sentences or total,
        first_sid=min(r.first_sid for r in rows),
        aliases=tuple(dict.fromkeys(n for n in names[1:] if n != names[0])),
        form_ids=tuple(sorted(members)),
    )


def _nickname_of(form: StoredForm, rows: list[FormCounts], forms: dict[int, StoredForm]) -> bool:
    """Whether `form` is a nickname ("Lizzy") whose given name ("Elizabeth") is in the group."""
    given = NICKNAMES.get(form.names) if not form.title else None
    return given is not None and any(
        forms[r.form_id].names.split()[:1] == [given] for r in rows)


def _described_title(
    top: FormCounts, rows: list[FormCounts], forms: dict[int, StoredForm]
) -> str | None:
    """The name a one-word form ("the Tiger", "the King") is short for, when the group holds
    it and it is how the book introduced them or is often used: "the Hungry Tiger", "the Nome
    King" (not "the Wise Scarecrow", said once)."""
    form = forms[top.form_id]
    words = form.names.split()
    if len(words) > 1 or (form.title and words) or not (form.title or top.after_the):
        return None
    word = words[0] if words else form.title
    longer = [r for r in rows if not forms[r.form_id].title and " of " not in forms[
        r.form_id].text and forms[r.form_id].names.split()[-1:] == [word] and len(
        forms[r.form_id].names.split()) >= 2 and _display(forms[r.form_id], r).startswith("the ")]
    if len(longer) != 1:
        return None
    described = longer[0]
    if described.first_sid < top.first_sid or (
            described.mentions >= MIN_TITLE_MENTIONS and described.mentions * 10 >= top.mentions):
        return _display(forms[described.form_id], described)
    return None


def _place_tails(forms: Iterable[StoredForm]) -> frozenset[str]:
    """What the places met so far are "of": "Ev" for "the Land of Ev" (not "the West" for
    "the Wicked Witch of the West", which is not named like a place)."""
    return frozenset(form.text.split(" of ")[-1].removeprefix("the ") for form in forms
                     if " of " in form.text and _named_like_a_place(form))


def _named_like_a_place(form: StoredForm) -> bool:
    """"England", "Lucas Lodge", "the City of Emeralds" (not "the Guardian of the Gate"), a
    saint's hyphened name ("Notre-Dame", "San-Isidro": a church, a street, a feast; the saint
    himself is "saint Hubert")."""
    head = form.text.split(" of ")[0].split()
    return not form.title and bool(head) and (
        form.text in KNOWN_PLACES or head[-1] in PLACE_WORDS or head[0] in PLACE_LEADS
        or head[0].startswith(_SAINT_PLACES))


def _place_with_person(
    first: tuple[StoredForm, FormCounts], second: tuple[StoredForm, FormCounts]
) -> bool:
    """A merge of a form named like a place, never used of a person, with one that speaks or
    bears a title: not one being."""

    def place(form: StoredForm, counts: FormCounts) -> bool:
        return not person(counts) and (_named_like_a_place(form)
                                       or 0 < counts.known_place == counts.mentions)

    def person(counts: FormCounts) -> bool:
        return bool(counts.speech or counts.titled or counts.called)

    return (place(*first) and person(second[1])) or (place(*second) and person(first[1]))


def _display(form: StoredForm, counts: FormCounts) -> str:
    if not form.title and counts.after_the * 2 > counts.mentions:
        return f"the {form.text}"
    return form.text

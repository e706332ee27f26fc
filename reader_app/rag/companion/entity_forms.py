"""What name finding produces: the forms a book writes a name in, their mentions and the links
that make forms one person (entities.py makes them, entity_store.py keeps them)."""

from __future__ import annotations

from dataclasses import dataclass

from reader_app.rag.companion.entity_words import NOBLE_TITLES


@dataclass(frozen=True, slots=True)
class NameForm:
    """One way the book writes a name. `form_id`s follow first appearance."""

    form_id: int
    title: str  # "Mr.", "Lady", "" when none
    names: tuple[str, ...]  # ("Elizabeth", "Bennet"); () for a bare standalone title
    first_sid: int

    @property
    def text(self) -> str:
        return " ".join(p for p in (self.title, *self.names) if p)


@dataclass(frozen=True, slots=True)
class Mention:
    form_id: int
    sid: int
    section: int
    block: int  # (section, block) is the paragraph, for co-occurrence
    strong: bool  # mid-sentence capitals, a title or speech: not explained by a sentence start
    speech: bool  # "said Dorothy", "Alice replied"
    titled: bool
    place: bool  # after "in", "at", "from"...
    after_the: bool  # "the Scarecrow": shown with its article
    called: bool = False  # called out in speech ("“… like it, Lizzy.”"), or spoken to
    known_place: bool = False  # a place the reader knows (places.py; French, German books)
    # One word, mid-sentence, and nothing else to say it is someone (French: "de Perse")
    lone: bool = False


@dataclass(frozen=True, slots=True)
class FormLink:
    """`form_id` is the same character as `into_form_id` from sentence `made_at_sid` on."""

    form_id: int
    into_form_id: int
    made_at_sid: int
    rule: str


@dataclass(frozen=True, slots=True)
class Extraction:
    book_id: str
    forms: tuple[NameForm, ...]
    mentions: tuple[Mention, ...]  # in reading order
    links: tuple[FormLink, ...]  # in the order they were made


def head_word(names: tuple[str, ...]) -> str:
    """The word a described name is about: "Lion" in "Cowardly Lion", "Guardian" in "Guardian
    of the Gates"."""
    return names[: names.index("of")][-1] if "of" in names[1:] else names[-1]


def singular(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(name.removesuffix("s") for name in names)


def noble(form: NameForm) -> bool:
    return form.title.rstrip(".") in NOBLE_TITLES

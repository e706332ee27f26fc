"""The forms read so far, indexed for merging, and the merges French and German books add to
English's (entities.py's extractor builds on them): a bare name is the one full name it begins or
ends among those still in play, a titled name the one bearing that title; and the forms only
French writes one person in: "lord Byron" and "Lord Byron", "Savaron de Savarus" for Albert
Savaron, "Lamporani" for "Lamporani de Milan", "Marie Aimée" for "Marie-Aimée". The rules are in
docs/xray.md."""

from __future__ import annotations

from collections import defaultdict

from reader_app.rag.companion.entity_context import pet_form_of
from reader_app.rag.companion.entity_forms import NameForm
from reader_app.rag.companion.entity_groups import FormGroups
from reader_app.rag.companion.entity_languages import NameRules
from reader_app.rag.companion.entity_runs import NameWords
from reader_app.rag.companion.entity_words import KNOWN_PLACES, PARTICLES, SAME_TITLES
from reader_app.rag.companion.places import known_place as known_place_name

JUST_NAMED = 12  # sentences: a given name alone this soon after a full name is that person


class LanguageMerges(FormGroups):
    def __init__(self, rules: NameRules, words: NameWords) -> None:
        super().__init__()
        self.rules = rules
        self.words = words
        self.forms: dict[tuple[str, tuple[str, ...]], NameForm] = {}
        self.by_names: dict[tuple[str, ...], list[int]] = defaultdict(list)
        self.by_first_full: dict[str, list[int]] = defaultdict(list)  # two names or more
        self.by_last_titled: dict[str, list[tuple[int, str]]] = defaultdict(list)
        self.by_last_full: dict[str, list[int]] = defaultdict(list)  # two names or more
        self.by_lordship: dict[str, list[int]] = defaultdict(list)  # "Amédée de Soulas"
        # The titles written small before a form: "maître Sylvain", "don Geronimo Vasquez"
        self.small_titles_of: dict[int, set[str]] = defaultdict(set)

    def _contenders(self, roots: set[int], sid: int, *, just_named: bool = False) -> set[int]:
        """Whom of `roots` a bare name may be (French, German): not one named once long ago
        ("Albert Dürer"); `just_named`: only those named in the last `JUST_NAMED` sentences."""
        if not self.rules.merge_surnames:
            return set() if just_named else roots
        return {root for root in roots
                if sid - self.last_mention.get(root, -JUST_NAMED - 1) <= JUST_NAMED
                or (not just_named and (self.root_mentions[root] >= 2
                                        or bool(self.small_titles_of.get(root))))}

    def _titled_part(self, form: NameForm, word: str, *,
                     same: bool = False) -> tuple[int | None, str]:
        """"Frau Wendeline" is the one "Frau Wendeline Cruse", "Madame Cruse" the one "Frau Cruse"
        (one title in three languages); "Frau Amalia" the "Amalia" met alone when no one else is
        titled so (French, German: "Frau", "Madame" take a given name or a surname). `same`: only
        the same name under the same title ("Doktor Berg" is "Dr. Berg")."""
        titles = next((t for t in SAME_TITLES if form.title.rstrip(".") in t),
                      {form.title.rstrip(".")})
        roots = self._roots(f for f in self.by_names[(word,)] if f != form.form_id
                            and self.by_id[f].title.rstrip(".") in titles)
        if same or roots:
            return (roots.pop(), "same title") if len(roots) == 1 else (None, "")
        roots = self._roots(f for f in self.by_first_full[word] + self.by_last_full[word]
                            if self.by_id[f].title.rstrip(".") in titles)
        bare = self.forms.get(("", (word,)))
        # German titles are always written (a French "madame" is small: a bare "Watteville" may
        # be "monsieur de Watteville")
        if not roots and bare is not None and not self.by_last_titled[word] and (
                self.rules.nouns_capitalised):
            roots = {self._find(bare.form_id)}  # no one else is titled so
        if not roots:
            small = self._written_small(form, word)  # "Maître Sylvain" of "maître Sylvain"
            roots = set() if small is None else {small}
        return (roots.pop(), "titled part") if len(roots) == 1 else (None, "")

    def _written_small(self, form: NameForm, word: str) -> int | None:
        """"Maître Sylvain", "Lord Byron" (French): the bare name the book wrote with that very
        title small ("maître Sylvain", "lord Byron") and no other, when no one else is titled so
        ("monsieur Grandet" and "madame Grandet" are husband and wife)."""
        bare = self.forms.get(("", (word,)))
        if bare is None or self.by_last_titled[word]:
            return None
        title = form.title.rstrip(".").lower()
        return self._find(bare.form_id) if self.small_titles_of.get(bare.form_id) == {
            title} else None

    def _french_full_name(self, names: tuple[str, ...]) -> tuple[int | None, str]:
        """An untitled full name French writes for someone read before: "Marie Aimée" for
        "Marie-Aimée" (unless "Aimée" is someone's surname: "Jean Paul" is not "Jean-Paul");
        "Savaron de Savarus" for the one "Albert Savaron", when "Savaron" is known as a surname
        ("Monsieur Savaron"; "Michel de Montaigne" is not "Louis Michel")."""
        if not self.rules.french_forms:
            return None, ""
        hyphened = self.forms.get(("", ("-".join(names),)))
        if len(names) == 2 and hyphened is not None and not self._a_surname(names[1]):
            return self._find(hyphened.form_id), "given names"
        bearer = self._roots(self.by_last_full[names[0]])
        if (len(names) == 3 and names[1] in PARTICLES and len(bearer) == 1
                and self._a_surname(names[0], titled=True)):
            return bearer.pop(), "surname and lordship"
        return None, ""

    def _french_bare_name(self, word: str) -> tuple[int | None, str]:
        """A one-word name French writes for someone read before: "Marie-Aimée" for "Marie
        Aimée"; "Lamporani" for "Lamporani de Milan", the name and a place the reader knows, when
        no one else's full name begins with it."""
        if not self.rules.french_forms:
            return None, ""
        spaced = self.forms.get(("", tuple(word.split("-"))))
        if "-" in word and spaced is not None and not self._a_surname(
                spaced.names[-1], besides=spaced.form_id):
            return self._find(spaced.form_id), "given names"
        everyone = self._roots(self.by_first_full[word])
        origin = self._roots(f for f in self.by_first_full[word] if self._of_a_place(f))
        if len(origin) == 1 and origin == everyone:
            return origin.pop(), "name and birthplace"
        return None, ""

    def _a_surname(self, word: str, *, besides: int = -1, titled: bool = False) -> bool:
        """Has the book written `word` as someone's surname: titled ("Monsieur Savaron",
        "monsieur Savaron") or, unless `titled`, ending a full name other than `besides`?"""
        bare = self.forms.get(("", (word,)))
        small = self.small_titles_of.get(bare.form_id, set()) if bare is not None else set()
        return bool(self.by_last_titled[word] or small & self.rules.small_honorifics
                    or (not titled and set(self.by_last_full[word]) - {besides}))

    def _full_name_ending(self, surname: str) -> tuple[int | None, str]:
        """"Duroy" is the one "Georges Duroy" read so far (French, German books); else "Peterle"
        is the one "Peter" (a pet form, entity_context.pet_form_of)."""
        if not self.rules.merge_surnames or self.by_first_full[surname]:
            return None, ""
        full = self._roots(self.by_last_full[surname])
        if len(full) == 1:
            return full.pop(), "surname of a full name"
        lordship = self._lordship(surname) if not full else None
        if lordship is not None:
            return lordship, "surname of a full name"
        pet = self._roots(f for name in pet_form_of(surname, self.by_first_any,
                                                   self.rules.pet_endings)
                          for f in self.by_first_any[name])
        return (pet.pop(), "pet form") if len(pet) == 1 and not full else (None, "")

    def _lordship(self, surname: str) -> int | None:
        """The one person named "<given name> de <surname>" so far ("Amédée de Soulas": a bare
        "Soulas" is he), unless the book has named a family so before that person ("les
        Watteville", then "Philomène de Watteville": a bare "Watteville" may be any of them), or
        the surname is a place the reader knows ("Zapata de Grenade", "Katharina von England")."""
        if surname in KNOWN_PLACES or (self.rules.gazetteer and known_place_name(surname)):
            return None
        roots = self._roots(self.by_lordship[surname])
        if len(roots) != 1:
            return None
        family = self.words.family_seen.get(surname)
        first = min(self.by_id[f].first_sid for f in self.by_lordship[surname])
        return None if family is not None and family <= first else roots.pop()

    def _of_a_place(self, form_id: int) -> bool:
        """"Lamporani de Milan", "Zapata de Grenade": a name and where the person is from."""
        names = self.by_id[form_id].names
        return (self.rules.gazetteer and len(names) == 3 and names[1] in PARTICLES
                and known_place_name(names[2]))

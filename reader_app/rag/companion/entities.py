"""Names found offline in a book's own text: one forward pass, so nothing is decided by later text.

`extract_entities(book)` reads the book once, in reading order, and returns every *form* of a name
("Mr. Darcy", "Darcy", "Lizzy"), every mention of a form (a sid, its paragraph, what the sentence
says about it) and the *links* that merge forms into one character, each stamped with the sid at
which the text first supported it; `entity_store.ensure_entities` stores them, `xray.py` reads
them at a boundary. Every decision uses only the text up to the mention being read, so a later
chapter can never add a name, a merge or a mention to an earlier boundary. The book's language
picks the rules (entity_languages.py). The rules are in docs/xray.md.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace
from itertools import pairwise

from reader_app.books.model import BlockKind, Book
from reader_app.books.text.language import decided_language
from reader_app.rag.companion import entity_german as german_names
from reader_app.rag.companion.entity_context import no_one
from reader_app.rag.companion.entity_forms import (
    Extraction,
    Mention,
    NameForm,
    head_word,
    noble,
    singular,
)
from reader_app.rag.companion.entity_languages import NameRules, name_rules, open_lexicon
from reader_app.rag.companion.entity_merges import LanguageMerges
from reader_app.rag.companion.entity_runs import (
    ADDRESSED,
    SIDE_BY_SIDE,
    NameWords,
    addressed,
    called_in_speech,
    listed,
    listed_places,
    place_cue,
    speech_nearby,
    spoken_to,
)
from reader_app.rag.companion.entity_tokens import Token
from reader_app.rag.companion.entity_tokens import tokens as split_words
from reader_app.rag.companion.entity_words import (
    GIVEN_NAME_TITLES,
    MALE_TITLES,
    NICKNAMES,
    PARTICLES,
    TITLES,
)
from reader_app.rag.companion.places import known_place as known_place_name
from reader_app.rag.index.sentences import split_book

# 9: a lone French capital said once is no one yet, titles written small, French forms; 8: an
# elided word at a sentence's start is two words (French); 7: places the reader knows (French,
# German); 6: firms, works, cries, pet forms, one title in three languages; 5: French
# and German rules; 4: described names, calls, nicknames; 3: the story only; 2: "addressed by name"
EXTRACTOR_VERSION = "forward-9"


def extract_entities(book: Book) -> Extraction:
    """Every name form, mention and merge in `book`, found in one pass in reading order."""
    return _Extractor(book.book_id, name_rules(decided_language(book))).run(book)


class _Extractor(LanguageMerges):
    def __init__(self, book_id: str, rules: NameRules) -> None:
        super().__init__(rules, NameWords(rules, lexicon := open_lexicon(rules)))
        self.book_id = book_id
        self.lexicon = lexicon
        self.mentions: list[Mention] = []
        self.form_mentions: Counter[int] = Counter()  # form -> its mentions so far
        self.form_places: Counter[int] = Counter()  # ... of which where places are
        self.by_last_described: dict[str, list[int]] = defaultdict(list)  # "the Tin Woodman"
        self.known_names = german_names.KnownNames(self.by_first_any, self.by_last_full)

    def run(self, book: Book) -> Extraction:
        kinds = {(section.index, b): block.kind
                 for section in book.sections for b, block in enumerate(section.blocks)}
        for sentence in split_book(book):  # the story only (rag/index/story.py)
            if not sentence.story or kinds.get((sentence.section, sentence.block)) in (
                BlockKind.HEADING, BlockKind.TABLE
            ):
                continue
            self._sentence(sentence.sid, sentence.section, sentence.block, sentence.text)
        forms = tuple(sorted(self.forms.values(), key=lambda f: f.form_id))
        return Extraction(self.book_id, forms, tuple(self.mentions), tuple(self.links))

    # -- reading ----------------------------------------------------------------------------

    def _sentence(self, sid: int, section: int, block: int, text: str) -> None:
        tokens = split_words(text, dotted=self.rules.dotted_titles,
                             elision=self.rules.language == "fr")
        index = 0
        runs: list[tuple[int, int, NameForm]] = []
        while index < len(tokens):
            run_end = self.words.run_end(tokens, index)
            german = self.rules.nouns_capitalised and run_end > index
            if german:  # "Buchhalter Uhusen" is Uhusen, "Tanz" a noun
                index, run_end, noun = german_names.shape_run(
                    tokens, index, run_end, lexicon=self.lexicon,
                    determined_seen=self.words.determined_seen, names=self.known_names)
            if (german and noun) or (self.rules.surroundings and run_end > index and no_one(
                    text, tokens, index, run_end)):
                index = run_end  # "Tanz" (a noun), "Runne & Plate" (a firm), "»Icosameron«"
            elif run_end > index:
                form = self._run(sid, section, block, text, tokens, index, run_end)
                runs.append((index, run_end, form))
                index = run_end
                if self.rules.nouns_capitalised and german_names.possessive(
                        tokens, run_end, self.known_names):
                    index += 1  # "Peter Uhusens Weißdornprügel": his stick, not a name
            else:
                index += 1
        self.words.count(tokens, sid)
        for match in ADDRESSED.finditer(text):
            pair = addressed(match, self.forms, dotted=self.rules.dotted_titles, full_names=[
                self.by_id[f] for f in self.by_first_full[match["given"]]])
            if pair is not None:
                self._link(*pair, sid, "addressed by name")
        done = self.mentions[len(self.mentions) - len(runs):]
        # "Bau, Kolding und Fridericia": one of them a place here, or so far ("Fridericia")
        known = [m.place or 0 < self.form_places[m.form_id] * 2 >= self.form_mentions[m.form_id]
                 for m in done]
        for i in listed_places(text, tokens, [(a, b) for a, b, _ in runs],
                               known) if self.rules.merge_surnames else ():
            self.mentions[len(self.mentions) - len(runs) + i] = replace(done[i], place=True)
            self.form_places[done[i].form_id] += not done[i].place
        self._listed_with_people(text, tokens, runs)
        for (_, end, first), (start, _, second) in pairwise(runs):
            if text[tokens[end - 1].end : tokens[start].start] in SIDE_BY_SIDE:
                self._listed_together(first, second, sid)

    def _listed_with_people(self, text: str, tokens: list[Token],
                            runs: list[tuple[int, int, NameForm]]) -> None:
        """A name the reader knows as a place listed beside someone who is not one ("Maria,
        Nanetta und Teresina", the daughters; Teresina is also a city) is not a place here."""
        first = len(self.mentions) - len(runs)
        for chain in listed(text, tokens, [(a, b) for a, b, _ in runs]):
            mentions = [self.mentions[first + i] for i in chain]
            if any(m.known_place for m in mentions) and not all(
                    m.known_place or m.place for m in mentions):
                for i, mention in zip(chain, mentions, strict=True):
                    self.mentions[first + i] = replace(mention, known_place=False)

    def _run(
        self, sid: int, section: int, block: int, text: str, tokens: list[Token], start: int,
        end: int,
    ) -> NameForm:
        words = [t.word for t in tokens[start:end]]
        if self.rules.nouns_capitalised:
            words = [german_names.nominative(w, self.known_names) for w in words]
        title = words[0] if words[0] in TITLES else ""
        names = tuple(words[1:] if title else words)
        while title and len(names) > 1 and self.rules.nouns_capitalised and german_names.office(
                names[0], lexicon=self.lexicon, determined_seen=self.words.determined_seen):
            names = names[1:]  # "Frau Direktorin Cruse" is Frau Cruse
        title = title + "." if title in self.rules.dotted_titles and title else title
        after_the = start > 0 and tokens[start - 1].word in ("the", "The")
        speech = speech_nearby(tokens, start, end, cry_ends=self.rules.surroundings)
        called = called_in_speech(text, tokens, start, end)
        addressed = called or spoken_to(tokens, start)
        place = place_cue(tokens, start, end, names, nouns=self.rules.place_nouns)
        titled = bool(title) or (bool(names) and names[-1] in TITLES)  # "the Nome King"
        # In German every noun has a capital: only a title, speech or a call count.
        mid_sentence = not tokens[start].fresh and not self.rules.nouns_capitalised
        strong = titled or speech or mid_sentence or (addressed and self.rules.nouns_capitalised)
        # "the good-natured Guardian": described as after "the", though shown without it
        the_before = after_the or (start > 1 and tokens[start - 2].word in ("the", "The")
                                   and tokens[start - 1].word.islower())
        form = self._form(title, names, sid, after_the=the_before)
        if after_the and not title and len(names) >= 2:
            described = self.by_last_described[head_word(names)]
            if form.form_id not in described:
                described.append(form.form_id)
        elif the_before and len(names) <= 1 and bool(names) != bool(title) and self._find(
                form.form_id) == form.form_id:
            self._described_later(form, sid)
        small_title = tokens[start - 1].word if start > 0 else ""
        if small_title in self.rules.small_titles:
            self.small_titles_of[form.form_id].add(small_title)
        self.last_mention[self._find(form.form_id)] = sid
        self.root_mentions[self._find(form.form_id)] += 1
        # "Séville", "Égypte": a place the reader knows, when nothing says it is someone (xray.py)
        known_place = self.rules.gazetteer and not title and known_place_name(" ".join(names))
        lone = (self.rules.lone_needs_two and mid_sentence and len(names) == 1 and not (
            titled or speech or addressed or small_title in self.rules.small_honorifics))
        self.mentions.append(
            Mention(form.form_id, sid, section, block, strong, speech, titled, place,
                    after_the, addressed, known_place, lone)
        )
        self.form_mentions[form.form_id] += 1
        self.form_places[form.form_id] += place
        self._nickname_evidence(form, (section, block), sid)
        if called and form.names and form.names[0] in NICKNAMES and not form.title:
            self.calls[(section, block)].add(form.form_id)
        elif speech:
            self._answered(form, section, block, sid)
        return form

    # -- forms and merges -------------------------------------------------------------------

    def _form(self, title: str, names: tuple[str, ...], sid: int, *, after_the: bool) -> NameForm:
        key = (title, names)
        known = self.forms.get(key)
        if known is not None:
            return known
        form = NameForm(len(self.forms), title, names, sid)
        self.parent[form.form_id] = form.form_id
        # Decided from the forms met before this one only. A described name ("the Tin Woodman",
        # "the Land of Oz", "King of Ev") has no given name or surname to merge by.
        described = "of" in names or (after_the and not title and len(names) >= 2)
        target, rule = (None, "") if described else self._merge_target(form)
        if target is None and after_the and len(names) <= 1 and (bool(names) != bool(title)):
            # "the Lion" after "the Cowardly Lion", "the King" after "the Nome King": the one
            # described thing ending in that word.
            target = self._described(names[0] if names else title)
            rule = "described name"
        elif described and after_the and not title:
            # "the Cowardly Lion" after "the Lion", "the Guardian of the Gates" after "the
            # Guardian": the first thing described by that word; "the Guardian of the Gate"
            # after "the Guardian of the Gates": one name, written in the singular.
            single = self.forms.get(("", (head_word(names),)))
            same = [f for f in self.by_last_described[head_word(names)] if "of" in names and
                    singular(self.by_id[f].names) == singular(names)]
            if same:
                target, rule = self._find(same[0]), "described name"
            elif single is not None and not self.by_last_described[head_word(names)]:
                target, rule = self._find(single.form_id), "described name"
        self.forms[key] = form
        self.by_id[form.form_id] = form
        self.by_names[names].append(form.form_id)
        if names and not described:
            self.by_first_any[names[0]].append(form.form_id)
            if len(names) >= 2:
                self.by_first_full[names[0]].append(form.form_id)
                if not PARTICLES & set(names):  # "de Watteville": a family's, not one person's
                    self.by_last_full[names[-1]].append(form.form_id)
                elif names[-2] in PARTICLES and names[0][:1].isupper():
                    self.by_lordship[names[-1]].append(form.form_id)
            if title:
                self.by_last_titled[names[-1]].append((form.form_id, title.rstrip(".")))
        if target is not None:
            self._link(form.form_id, target, sid, rule)
        if self.rules.merge_surnames and len(names) >= 2 and not described:
            self._join_earlier_parts(form, sid)
        return form

    def _join_earlier_parts(self, form: NameForm, sid: int) -> None:
        """"Albert", "Savaron" met alone before "Albert Savaron" (French, German) join it when it
        is the one full name read so far with that word first or last."""
        first, last = form.names[0], form.names[-1]
        parts = [(first, "given name"), (last, "surname of a full name")]
        # "de Watteville": a family's, unless the one person of that name ("de Soulas")
        lordship = self._lordship(last) if PARTICLES & set(form.names) else None
        for word, full in parts[: 1 if PARTICLES & set(form.names) and lordship is None else 2]:
            bare = self.forms.get(("", (word,)))
            if bare is None or self._find(bare.form_id) != bare.form_id:
                continue
            others = self._contenders(self._roots(self.by_first_full[word])
                                      | self._roots(self.by_last_full[word])
                                      | self._roots(self.by_lordship[word]), sid)
            elsewhere = full == "given name" and self._surname_elsewhere(word)  # "Col. Fitzwilliam"
            if others <= {self._find(form.form_id)} and not elsewhere:
                self._link(bare.form_id, form.form_id, sid, full)

    def _merge_target(self, form: NameForm) -> tuple[int | None, str]:
        title, names = form.title.rstrip("."), form.names
        if not names:
            return None, ""
        first, last = names[0], names[-1]
        if len(names) >= 2:
            same = self._roots(self.by_names[names])
            if len(same) == 1:
                return same.pop(), "same full name"
            first_given = self.forms.get((form.title, (first.split("-")[0], *names[1:])))
            if self.rules.merge_surnames and "-" in first and first_given is not None:
                # "Amédée-Sylvain-Jacques de Soulas", all his given names, is "Amédée de Soulas"
                return self._find(first_given.form_id), "given names in full"
            if title:
                # "Lady Catherine de Bourgh" is "Lady Catherine"; "Mr. Fitzwilliam Darcy" is
                # "Mr. Darcy", but "Miss Elizabeth Bennet" is not "Miss Bennet".
                short = [self._titled(form.title, (first,))]
                if title not in GIVEN_NAME_TITLES:
                    short.append(self._titled(form.title, (last,)))
                roots = self._roots(f for f in short if f is not None)
                if len(roots) == 1:
                    return roots.pop(), "titled full name"
                return None, ""
            french = self._french_full_name(names)  # "Marie Aimée", "Savaron de Savarus"
            if french[0] is not None:
                return french
            given = self._roots(
                f for f in self.by_names[(first,)]
                if self.by_id[f].title.rstrip(".") in GIVEN_NAME_TITLES | {""}
                and not noble(self.by_id[f])  # "William Collins" is not "Sir William"
            )
            if len(given) == 1 and not self._surname_elsewhere(first):
                return given.pop(), "given name"
            return None, ""
        if title:
            twin = self._titled_part(form, first, same=True) if self.rules.merge_surnames else None
            if twin is not None and twin[0] is not None:
                return twin  # "Doktor Brokenkorb" is "Dr. Brokenkorb"
            if title in GIVEN_NAME_TITLES:
                full = self._roots(self.by_first_full[first])
                if len(full) == 1:
                    return full.pop(), "titled given name"
                small = None if full else self._written_small(form, first)
                return (small, "title written small") if small is not None else (None, "")
            elif title in MALE_TITLES and not self.by_first_full[first]:
                bare = self.forms.get(("", (first,)))  # "Bingley" met before "Mr. Bingley"
                if bare is not None and not self._titled_men(first, besides=form.form_id):
                    return self._find(bare.form_id), "surname"
                if title in MALE_TITLES:
                    return self._full_name_ending(first)  # "M. Savaron": "Albert Savaron"
            elif self.rules.merge_surnames:
                return self._titled_part(form, first)
            return None, ""
        french = self._french_bare_name(first)  # "Marie-Aimée", "Lamporani" of "… de Milan"
        if french[0] is not None:
            return french
        # A bare given name is not taken for a titled noble ("Catherine" is not Lady Catherine).
        full = self._contenders(self._roots(
            f for f in self.by_first_full[first] if not noble(self.by_id[f])
        ), form.first_sid)
        if len(full) == 1 and not self._surname_elsewhere(first):
            return full.pop(), "given name"
        if full:
            recent = self._contenders(full, form.first_sid, just_named=True)
            return (recent.pop() if len(recent) == 1 else None), "given name just named"
        men = self._roots(
            form_id for form_id, t in self.by_last_titled[first] if t in MALE_TITLES
        )
        if len(men) == 1:
            return men.pop(), "surname"
        return self._full_name_ending(first)

    def _described(self, word: str) -> int | None:
        """The one described name ("the Cowardly Lion") ending in `word`, if only one."""
        described = self._roots(
            f for f in self.by_last_described[word] if len(self.by_id[f].names) >= 2
        )
        return described.pop() if len(described) == 1 else None

    def _described_later(self, form: NameForm, sid: int) -> None:
        """"an immense Tiger", later "the Tiger" after "the Hungry Tiger" ("a cruel King", later
        "the King" after "the Nome King"): once written with its article, a word joins the one
        described name ending in it."""
        target = self._described(form.names[0] if form.names else form.title)
        if target is not None:
            self._link(form.form_id, target, sid, "described name")

    def _titled(self, title: str, names: tuple[str, ...]) -> int | None:
        form = self.forms.get((title, names))
        return None if form is None else form.form_id

    def _titled_men(self, surname: str, *, besides: int) -> list[int]:
        return [f for f, t in self.by_last_titled[surname] if t in MALE_TITLES and f != besides]

    def _surname_elsewhere(self, word: str) -> bool:
        """Is `word` also someone's surname ("Colonel Fitzwilliam")?"""
        return any(t not in GIVEN_NAME_TITLES for _, t in self.by_last_titled[word])

"""Which name forms are one person: the merges made so far (a union-find whose root is a person)
and the evidence that joins an English nickname to its given name ("Lizzy" is Elizabeth once the
book pairs them). entities.py's extractor builds on it."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable

from reader_app.rag.companion.entity_forms import FormLink, NameForm, noble
from reader_app.rag.companion.entity_words import NICKNAMES

ANSWER_PARAGRAPHS = 2  # a reply to a call is in one of the next this many paragraphs


class FormGroups:
    def __init__(self) -> None:
        self.links: list[FormLink] = []
        self.parent: dict[int, int] = {}
        self.by_id: dict[int, NameForm] = {}
        self.by_first_any: dict[str, list[int]] = defaultdict(list)
        self.last_mention: dict[int, int] = {}  # root form -> the sid its person was last met in
        self.root_mentions: Counter[int] = Counter()  # root form -> its person's mentions
        # Nickname forms waiting for support: form -> (target form, paragraphs seen together).
        self.nickname_support: dict[tuple[int, int], set[tuple[int, int]]] = defaultdict(set)
        self.paragraph_forms: dict[tuple[int, int], set[int]] = defaultdict(set)
        self.calls: dict[tuple[int, int], set[int]] = defaultdict(set)  # nicknames called, where
        self.side_by_side: dict[int, set[int]] = defaultdict(set)  # forms listed together

    def _nickname_target(self, nickname_id: int) -> int | None:
        """The one person (never a titled noble) a not yet merged nickname form may name: the
        root of the forms beginning with its given name ("Lizzy": Elizabeth)."""
        nickname = self.by_id[nickname_id]
        if len(nickname.names) != 1 or nickname.title or self._find(nickname_id) != nickname_id:
            return None
        given = NICKNAMES.get(nickname.names[0])
        if given is None:
            return None
        nobles = self._roots(f for f in self.by_first_any[given] if noble(self.by_id[f]))
        targets = self._roots(self.by_first_any[given]) - nobles
        return targets.pop() if len(targets) == 1 else None

    def _answered(self, form: NameForm, section: int, block: int, sid: int) -> None:
        """A nickname called out in speech and answered in the next paragraphs by the person it
        names ("“… like it, Lizzy.”" … "“But you forget, mama,” said Elizabeth"): one person."""
        speaker = self._find(form.form_id)
        for earlier in range(block - ANSWER_PARAGRAPHS, block):
            for nickname_id in self.calls.get((section, earlier), ()):
                if self._nickname_target(nickname_id) == speaker:
                    self._link(nickname_id, speaker, sid, "nickname answered")

    def _listed_together(self, first: NameForm, second: NameForm, sid: int) -> None:
        """A nickname listed beside someone ("Kitty and Lydia") whom its full name is also
        listed beside ("Catherine and Lydia"): the same place in the same company."""
        self.side_by_side[first.form_id].add(second.form_id)
        self.side_by_side[second.form_id].add(first.form_id)
        for nickname_id in (first.form_id, second.form_id):
            target = self._nickname_target(nickname_id)
            if target is None:
                continue
            company = self._roots(self.side_by_side[nickname_id]) - {target}
            beside_target = self._roots(
                partner for f in self.side_by_side if self._find(f) == target
                for partner in self.side_by_side[f]
            )
            if company & beside_target:
                self._link(nickname_id, target, sid, "nickname in company")

    def _nickname_evidence(self, form: NameForm, paragraph: tuple[int, int], sid: int) -> None:
        """A nickname joins its full name once both appear in two paragraphs together."""
        here = self.paragraph_forms[paragraph]
        here.add(form.form_id)
        for nickname_id in list(here):
            target = self._nickname_target(nickname_id)
            if target is None:
                continue
            if any(self._find(f) == target for f in here if f != nickname_id):
                support = self.nickname_support[(nickname_id, target)]
                support.add(paragraph)
                if len(support) >= 2:
                    self._link(nickname_id, target, sid, "nickname")

    def _roots(self, form_ids: Iterable[int]) -> set[int]:
        return {self._find(f) for f in form_ids}

    def _find(self, form_id: int) -> int:
        while self.parent[form_id] != form_id:
            self.parent[form_id] = self.parent[self.parent[form_id]]
            form_id = self.parent[form_id]
        return form_id

    def _link(self, form_id: int, into: int, sid: int, rule: str) -> None:
        a, b = self._find(form_id), self._find(into)
        if a == b:
            return
        self.parent[a] = b
        if a in self.last_mention:
            self.last_mention[b] = max(self.last_mention.pop(a), self.last_mention.get(b, -1))
        self.root_mentions[b] += self.root_mentions.pop(a, 0)
        self.links.append(FormLink(form_id, into, sid, rule))

"""Matching the stylesheet subset (typography/css.py) against lxml elements, in bounded time."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from lxml import etree

from reader_app.books.typography.css import Attribute, Compound, Rule, Selector

log = logging.getLogger(__name__)

MAX_MATCH_STEPS = 2_000  # ancestor tests for one selector against one element


def _tag(element: etree._Element) -> str:
    tag = element.tag
    if not isinstance(tag, str):
        return ""
    if tag[0] == "{":
        tag = tag[tag.index("}") + 1 :]
    return tag if tag.islower() else tag.lower()


def previous_element(element: etree._Element) -> etree._Element | None:
    sibling = element.getprevious()
    while sibling is not None and not isinstance(sibling.tag, str):
        sibling = sibling.getprevious()
    return sibling


def next_element(element: etree._Element) -> etree._Element | None:
    sibling = element.getnext()
    while sibling is not None and not isinstance(sibling.tag, str):
        sibling = sibling.getnext()
    return sibling


def matches_compound(compound: Compound, element: etree._Element) -> bool:
    if compound.tag and _tag(element) != compound.tag:
        return False
    if compound.ids and (element.get("id") or "") not in compound.ids:
        return False
    if compound.classes:
        present = (element.get("class") or "").split()
        if any(name not in present for name in compound.classes):
            return False
    for attribute in compound.attributes:
        if not _attribute_matches(attribute, element):
            return False
    for pseudo in compound.pseudo:
        if pseudo in ("first-child", "only-child") and previous_element(element) is not None:
            return False
        if pseudo in ("last-child", "only-child") and next_element(element) is not None:
            return False
    return not any(matches_compound(inner, element) for inner in compound.negated)


def _attribute_matches(attribute: Attribute, element: etree._Element) -> bool:
    value = element.get(attribute.name)
    if value is None:
        return False
    wanted, op = attribute.value, attribute.op
    if op == "":
        return True
    if op == "=":
        return value == wanted
    if op == "~=":
        return wanted in value.split()
    if op == "|=":
        return value == wanted or value.startswith(wanted + "-")
    if not wanted:
        return False
    if op == "^=":
        return value.startswith(wanted)
    if op == "$=":
        return value.endswith(wanted)
    return wanted in value


def matches(selector: Selector, element: etree._Element) -> bool:
    """Whether `selector` matches `element` (bounded work, however hostile the selector)."""
    budget = [MAX_MATCH_STEPS]
    return matches_compound(selector.compounds[0], element) and _match_from(
        selector, 0, element, budget
    )


def _match_from(selector: Selector, index: int, element: etree._Element, budget: list[int]) -> bool:
    """Compounds after `index` match, given compound `index` matched `element`."""
    if index + 1 >= len(selector.compounds):
        return True
    combinator = selector.combinators[index]
    wanted = selector.compounds[index + 1]
    if combinator == "+":
        sibling = previous_element(element)
        return (
            sibling is not None
            and matches_compound(wanted, sibling)
            and _match_from(selector, index + 1, sibling, budget)
        )
    parent = element.getparent()
    while parent is not None:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if matches_compound(wanted, parent) and _match_from(selector, index + 1, parent, budget):
            return True
        if combinator == ">":
            return False
        parent = parent.getparent()
    return False


Feature = tuple[str, str]  # ("t", tag), ("#", id), (".", class), ("@", attribute name), and
# ("=", "name\0value") and ("~", "name\0word") for the `=` and `~=` tests
Candidate = tuple[Rule, frozenset[Feature]]  # a rule and what its ancestors must have


def ancestor_needs(selector: Selector) -> frozenset[Feature]:
    """What some ancestor of a matching element must have, for each compound the selector
    reaches through descendant and child combinators (up to its first `+`). A rule whose needs
    an element's ancestors lack cannot match, so it is skipped without walking them again."""
    needs: set[Feature] = set()
    for combinator, compound in zip(selector.combinators, selector.compounds[1:], strict=True):
        if combinator == "+":
            break
        if compound.tag:
            needs.add(("t", compound.tag))
        if len(compound.ids) == 1:
            needs.add(("#", compound.ids[0]))
        needs.update((".", name) for name in compound.classes)
        for attribute in compound.attributes:
            if attribute.op == "=":
                needs.add(("=", f"{attribute.name}\0{attribute.value}"))
            elif attribute.op == "~=":
                needs.add(("~", f"{attribute.name}\0{attribute.value}"))
            else:
                needs.add(("@", attribute.name))
    return frozenset(needs)


def own_features(element: etree._Element, tested: set[str]) -> set[Feature]:
    """The features of `element` that a need can name (`tested`: attribute names selectors use)."""
    found = {("t", _tag(element))}
    element_id = element.get("id")
    if element_id:
        found.add(("#", element_id))
    classes = element.get("class")
    if classes:
        found.update((".", name) for name in classes.split())
    # keys(), not items(): lxml finds each value from the list's start (and iterating an
    # element gives its children, not its attributes, whatever SIM118 says)
    for key in element.keys():  # noqa: SIM118
        name = str(key)
        found.add(("@", name))
        if name in tested:
            value = str(element.get(key))
            found.add(("=", f"{name}\0{value}"))
            found.update(("~", f"{name}\0{token}") for token in value.split())
    return found


class RuleIndex:
    """Rules bucketed by their rightmost id, class or tag, so an element tests only likely ones."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        self.by_id: dict[str, list[Candidate]] = {}
        self.by_class: dict[str, list[Candidate]] = {}
        self.by_tag: dict[str, list[Candidate]] = {}
        self.by_attribute: dict[str, list[Candidate]] = {}
        self.anywhere: list[Candidate] = []
        self.count = 0
        # What an element's match can depend on besides its ancestors' (see styles.Styler):
        self.attribute_names: set[str] = set()
        self.id_names: set[str] = set()
        self.class_names: set[str] = set()
        self.sibling_depth = 0  # the longest run of `+` combinators
        self.uses_last_child = False
        # The features of an element and all its ancestors, for the elements of one document.
        self._lineage: dict[etree._Element, frozenset[Feature]] = {}
        for rule in rules:
            self.count += 1
            self._note(rule.selector)
            key = rule.selector.compounds[0]
            candidate = (rule, ancestor_needs(rule.selector))
            if key.ids:
                self.by_id.setdefault(key.ids[0], []).append(candidate)
            elif key.classes:
                self.by_class.setdefault(key.classes[0], []).append(candidate)
            elif key.tag:
                self.by_tag.setdefault(key.tag, []).append(candidate)
            elif key.attributes:
                self.by_attribute.setdefault(key.attributes[0].name, []).append(candidate)
            else:
                self.anywhere.append(candidate)

    def start_document(self) -> None:
        self._lineage.clear()

    def _drop(self, rule: Rule, error: ValueError) -> None:
        """A rule that cannot be matched is never tried again (logged once)."""
        for bucket in (*self.by_id.values(), *self.by_class.values(), *self.by_tag.values(),
                       *self.by_attribute.values(), self.anywhere):
            bucket[:] = [candidate for candidate in bucket if candidate[0] is not rule]
        log.warning("a style rule that cannot be matched was dropped: %s", error)

    def _note(self, selector: Selector) -> None:
        run = 0
        for combinator in selector.combinators:
            run = run + 1 if combinator == "+" else 0
            self.sibling_depth = max(self.sibling_depth, run)
        for compound in selector.compounds:
            for part in (compound, *compound.negated):
                self.attribute_names.update(attribute.name for attribute in part.attributes)
                self.id_names.update(part.ids)
                self.class_names.update(part.classes)
                if "last-child" in part.pseudo or "only-child" in part.pseudo:
                    self.uses_last_child = True

    def lineage(self, element: etree._Element | None) -> frozenset[Feature]:
        """The features of `element` and of every ancestor of it (kept per document)."""
        missing: list[etree._Element] = []
        found: frozenset[Feature] | None = frozenset()
        while element is not None:
            found = self._lineage.get(element)
            if found is not None:
                break
            missing.append(element)
            element = element.getparent()
        inherited = found if found is not None else frozenset()
        for node in reversed(missing):  # from the outermost down, without recursion
            inherited = inherited | own_features(node, self.attribute_names)
            self._lineage[node] = inherited
        return inherited

    def matching(self, element: etree._Element) -> list[Rule]:
        """Rules that match `element`, in cascade order (specificity, then source order)."""
        candidates: list[Candidate] = list(self.by_tag.get(_tag(element), ()))
        element_id = element.get("id")
        if element_id and element_id in self.by_id:
            candidates.extend(self.by_id[element_id])
        classes = element.get("class")
        if classes:
            for name in classes.split():
                candidates.extend(self.by_class.get(name, ()))
        if self.by_attribute:
            for key in element.attrib:
                candidates.extend(self.by_attribute.get(str(key), ()))
        candidates.extend(self.anywhere)
        lineage: frozenset[Feature] | None = None
        found: list[Rule] = []
        for rule, needs in candidates:
            if needs:
                if lineage is None:
                    lineage = self.lineage(element.getparent())
                if not needs <= lineage:
                    continue
            try:
                hit = matches(rule.selector, element)
            except ValueError as error:  # lxml refusing a name the parser let through
                self._drop(rule, error)
                continue
            if hit:
                found.append(rule)
        if len(found) > 1:
            found.sort(key=lambda rule: (rule.selector.specificity, rule.order))
        return found

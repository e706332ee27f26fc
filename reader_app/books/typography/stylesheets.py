"""A book's stylesheets, parsed once each and shared by its documents, and its @font-face rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from lxml import etree

from reader_app.books.files.safezip import resolve_member_name
from reader_app.books.files.xmlsafe import local_name
from reader_app.books.typography.css import FontFaceRule, Rule, parse_stylesheet
from reader_app.books.typography.styles import DEFAULT_SHEET, Styler
from reader_app.errors import BookError

MAX_STYLESHEETS = 16  # linked and inline sheets read per document
MAX_FONT_FACES = 32  # @font-face rules kept per book


@dataclass(frozen=True, slots=True)
class FontFaceSource:
    """An @font-face rule whose font is a member of the book."""

    family: str  # lower-cased, as `font-family` values are compared
    member: str
    bold: bool
    italic: bool


class StyleSheets:
    """Parsed stylesheets of one book, shared by its documents (each sheet parsed once).

    @font-face rules whose source is a font inside the book are collected in `font_faces`; their
    family names (`families`) are the only ones `font-family` may select (see styles._look).
    """

    def __init__(self, read_member: Callable[[str], bytes] | None) -> None:
        self.read_member = read_member
        self._sheets: dict[str, list[Rule]] = {}
        self._stylers: dict[tuple[str, ...], Styler] = {}
        self._members: dict[tuple[str, str | None], str | None] = {}  # (folder, href) -> member
        self._default = parse_stylesheet(DEFAULT_SHEET, first_order=-100_000)
        self.font_faces: list[FontFaceSource] = []
        self.families: set[str] = set()

    def styler_for(self, root: etree._Element, *, name: str) -> Styler:
        """The cascade for the document `root`, the container member `name`."""
        linked: list[str] = []
        inline: list[str] = []
        for element in root.iter():
            tag = local_name(element)
            if tag == "link" and "stylesheet" in (element.get("rel") or "").lower().split():
                member = self._member(name, element.get("href"))
                if member is not None:
                    linked.append(member)
            elif tag == "style" and element.text:
                if (element.get("media") or "all").lower() in ("all", "screen"):
                    inline.append(element.text)
            elif tag == "body":
                break
        linked, inline = linked[:MAX_STYLESHEETS], inline[:MAX_STYLESHEETS]
        if not inline:
            key = tuple(linked)
            styler = self._stylers.get(key)
            if styler is None:
                rules = self._rules(linked, [], name)
                styler = self._stylers[key] = Styler(rules, families=self.families)
            return styler
        return Styler(self._rules(linked, inline, name), families=self.families)

    def _member(self, base: str, href: str | None) -> str | None:
        place = (base.rpartition("/")[0], href)  # all that the answer depends on
        if place not in self._members:
            self._members[place] = _local_member(base, href)
        return self._members[place]

    def _rules(self, linked: list[str], inline: list[str], name: str) -> list[Rule]:
        rules = list(self._default)
        for member in linked:
            for rule in self._sheet(member):
                rules.append(_reordered(rule, len(rules)))
        for text in inline:
            faces: list[FontFaceRule] = []
            rules.extend(parse_stylesheet(text, first_order=len(rules), faces=faces,
                                          where=f"a <style> element in {name}"))
            self._add_faces(faces, name)
        return rules

    def _sheet(self, member: str) -> list[Rule]:
        rules = self._sheets.get(member)
        if rules is None:
            text = ""
            if self.read_member is not None:
                try:
                    text = self.read_member(member).decode("utf-8", errors="replace")
                except (KeyError, OSError, ValueError, BookError):
                    text = ""  # a missing or damaged stylesheet leaves the defaults
            faces: list[FontFaceRule] = []
            rules = parse_stylesheet(
                text.lstrip("\ufeff"), faces=faces, where=f"stylesheet {member}"
            )
            self._sheets[member] = rules
            self._add_faces(faces, member)
        return rules

    def _add_faces(self, faces: list[FontFaceRule], base: str) -> None:
        """Keep the @font-face rules whose font is in the book (`base`: the sheet's member)."""
        for face in faces:
            if len(self.font_faces) >= MAX_FONT_FACES:
                return
            member = self._member(base, face.url)
            if member is None:
                continue  # a remote or unusable source is never fetched
            source = FontFaceSource(face.family, member, face.bold, face.italic)
            if source not in self.font_faces:
                self.font_faces.append(source)
                self.families.add(face.family)


def _reordered(rule: Rule, order: int) -> Rule:
    return Rule(rule.selector, rule.declarations, order)


def _local_member(base: str, href: str | None) -> str | None:
    if not href:
        return None
    parts = urlsplit(href.strip())
    if parts.scheme or parts.netloc or not parts.path:
        return None  # a remote stylesheet or font is never fetched
    return resolve_member_name(base, unquote(parts.path))

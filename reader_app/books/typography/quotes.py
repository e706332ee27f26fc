"""The quotation marks a `<q>` element is drawn with: by its language and how deeply it is nested.

The language is the element's own `xml:lang` or `lang`, or its nearest ancestor's; a content
document does not inherit the package's `dc:language` (the W3C test `pkg-lang_but_not_content`),
so text with no language takes the English marks, as browsers do. The pairs follow CLDR's
quotation marks (outer, then inner; deeper levels alternate).
"""

from __future__ import annotations

from lxml import etree

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

ENGLISH = (("“", "”"), ("‘", "’"))
_GUILLEMETS_THEN_ENGLISH = (("«", "»"), ("“", "”"))
_GUILLEMETS_THEN_LOW = (("«", "»"), ("„", "“"))
_GERMAN = (("„", "“"), ("‚", "‘"))
_SWISS = (("«", "»"), ("‹", "›"))
_CORNER = (("「", "」"), ("『", "』"))

# Keyed by language subtag, or by language and region where the region changes the marks.
MARKS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "en": ENGLISH,
    "fr": _GUILLEMETS_THEN_ENGLISH,
    "fr-ch": _SWISS,
    "es": _GUILLEMETS_THEN_ENGLISH,
    "it": _GUILLEMETS_THEN_ENGLISH,
    "el": _GUILLEMETS_THEN_ENGLISH,
    "ca": _GUILLEMETS_THEN_ENGLISH,
    "pt": ENGLISH,
    "pt-pt": _GUILLEMETS_THEN_ENGLISH,
    "ru": _GUILLEMETS_THEN_LOW,
    "uk": _GUILLEMETS_THEN_LOW,
    "be": _GUILLEMETS_THEN_LOW,
    "de": _GERMAN,
    "de-ch": _SWISS,
    "cs": _GERMAN,
    "sk": _GERMAN,
    "sl": _GERMAN,
    "is": _GERMAN,
    "lt": _GERMAN,
    "bg": _GERMAN,
    "da": ENGLISH,
    "nl": ENGLISH,
    "pl": (("„", "”"), ("«", "»")),
    "hu": (("„", "”"), ("»", "«")),
    "ro": (("„", "”"), ("«", "»")),
    "sv": (("”", "”"), ("’", "’")),
    "fi": (("”", "”"), ("’", "’")),
    "nb": (("«", "»"), ("‘", "’")),
    "nn": (("«", "»"), ("‘", "’")),
    "no": (("«", "»"), ("‘", "’")),
    "ja": _CORNER,
    "zh": ENGLISH,
    "zh-tw": _CORNER,
    "zh-hk": _CORNER,
    "zh-hant": _CORNER,
    "ko": ENGLISH,
    "he": (("”", "”"), ("’", "’")),
    "ar": (("”", "“"), ("’", "‘")),
}


def language_of(element: etree._Element) -> str:
    """The element's language: its own `xml:lang` or `lang`, else its nearest ancestor's; ""."""
    node: etree._Element | None = element
    while node is not None:
        found = node.get(XML_LANG)
        if found is None:
            found = node.get("lang")
        if found is not None:
            return found.strip()
        node = node.getparent()
    return ""


def quote_marks(language: str, *, depth: int) -> tuple[str, str]:
    """The opening and closing marks of a quotation nested `depth` deep (0 is outermost)."""
    tags = language.replace("_", "-").lower().split("-")
    pairs = None
    if len(tags) > 1:
        pairs = MARKS.get(f"{tags[0]}-{tags[1]}")
        if pairs is None and tags[0] == "zh" and "hant" in tags:
            pairs = MARKS["zh-hant"]
    pairs = pairs or MARKS.get(tags[0], ENGLISH)
    return pairs[depth % 2]

"""Hardened XML parsing for untrusted book files: no entities, no DTDs, no network, no giants."""

from __future__ import annotations

import html.entities
import logging
import re
from pathlib import Path

from lxml import etree

from reader_app.errors import BookError, UnsafeBookError
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

log = logging.getLogger(__name__)

# An internal DTD subset is the only place entities can be declared; books have no need for it.
_ENTITY_DECLARATION = re.compile(rb"<!\s*ENTITY", re.IGNORECASE)
_UTF16_ENTITY_DECLARATIONS = (
    re.compile("<!ENTITY".encode("utf-16-le"), re.IGNORECASE),
    re.compile("<!ENTITY".encode("utf-16-be"), re.IGNORECASE),
)
# HTML named entities (&nbsp;, &mdash;) are common in EPUB 2 XHTML, which relied on the XHTML DTD
# to define them. We never load that DTD, so we turn them into character references first.
_NAMED_REFERENCE = re.compile(rb"&([A-Za-z][A-Za-z0-9]{1,31});")
_XML_PREDEFINED = frozenset({b"amp", b"lt", b"gt", b"quot", b"apos"})


def _parser() -> etree.XMLParser:
    # A new parser per call: lxml parsers are not safe to share between threads.
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )


def _html_parser() -> etree.HTMLParser:
    return etree.HTMLParser(no_network=True, remove_comments=True, remove_pis=True, huge_tree=False)


def reject_entity_declarations(data: bytes, *, path: Path, member: str) -> None:
    """Refuse any document that declares entities (billion laughs, external entities)."""
    if _ENTITY_DECLARATION.search(data) or any(p.search(data) for p in _UTF16_ENTITY_DECLARATIONS):
        raise UnsafeBookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "“{member}” declares XML entities, which books never need and attackers "
            "use to exhaust memory or read local files. The file was not opened."),
            member=member))


class DocumentBeyondLimitsError(BookError):
    """A document nested deeper or holding a longer text run than the parser accepts.

    Callers that can keep the text another way (a chapter: `salvage.salvage_blocks`) catch it;
    for anything else it is a clear refusal.
    """

    def __init__(self, path: Path, member: str, detail: str) -> None:
        self.member = member
        super().__init__(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "“{member}” is nested too deeply or holds a text run too long to lay out "
            "({detail})."), member=member, detail=detail))


def _beyond_limits(error: etree.XMLSyntaxError) -> bool:
    message = str(error)
    return any(sign in message for sign in ("XML_PARSE_HUGE", "Excessive depth", "Resource limit"))


def _replace_named_reference(match: re.Match[bytes]) -> bytes:
    name = match.group(1)
    if name in _XML_PREDEFINED:
        return match.group(0)
    codepoint = html.entities.name2codepoint.get(name.decode("ascii"))
    if codepoint is None:
        return match.group(0)
    return b"&#%d;" % codepoint


def parse_xml(
    data: bytes, *, path: Path, member: str, html_fallback: bool = False
) -> etree._Element:
    """Parse `data` (the zip member `member` of the book at `path`) into an element tree.

    Entities are never expanded and documents declaring them are refused outright. With
    `html_fallback`, a document that is not well-formed XML is parsed as HTML instead (many
    real EPUB 2 files are sloppy XHTML); otherwise it is a `BookError`.
    """
    reject_entity_declarations(data, path=path, member=member)
    if b"&" in data:
        data = _NAMED_REFERENCE.sub(_replace_named_reference, data)
    try:
        root = etree.fromstring(data, parser=_parser())
    except etree.XMLSyntaxError as error:
        if _beyond_limits(error):
            # The HTML parser has the same limits and would drop the rest without a word.
            raise DocumentBeyondLimitsError(path, member, str(error).split(",")[0]) from error
        if not html_fallback:
            raise BookError(path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "“{member}” is not valid XML ({detail})."),
                member=member, detail=str(error))) from error
        root = _parse_html(data, path=path, member=member, error=error)
        log.warning(
            "%s: “%s” is not well-formed XHTML (%s); read as HTML", path.name, member, error
        )
    _check_no_entities(root, path=path, member=member)
    return root


def parse_html(data: bytes, *, path: Path, member: str) -> etree._Element:
    """Parse `data` as HTML (a MOBI's markup, never XML), with the same refusals as `parse_xml`."""
    reject_entity_declarations(data, path=path, member=member)
    root = _parse_html(data, path=path, member=member, error=None)
    _check_no_entities(root, path=path, member=member)
    return root


def _parse_html(
    data: bytes, *, path: Path, member: str, error: etree.XMLSyntaxError | None
) -> etree._Element:
    parser = _html_parser()
    try:
        root = etree.fromstring(data, parser=parser)
    except (etree.XMLSyntaxError, ValueError) as html_error:
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "“{member}” could not be read ({detail})."),
            member=member, detail=str(error or html_error))) from html_error
    # The HTML parser recovers from its depth and text-size limits by dropping the rest.
    limit = next((e for e in parser.error_log if e.type_name == "ERR_RESOURCE_LIMIT"), None)
    if limit is not None:
        raise DocumentBeyondLimitsError(path, member, limit.message.split(",")[0])
    if root is None:
        if error is None:
            raise BookError(path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "“{member}” is empty or not a document."), member=member))
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "“{member}” is empty or not a document ({detail})."),
            member=member, detail=str(error)))
    return root


def _check_no_entities(root: etree._Element, *, path: Path, member: str) -> None:
    # Defence in depth: the byte scan above should already have refused these.
    docinfo = root.getroottree().docinfo
    dtd = docinfo.internalDTD
    # lxml-stubs do not declare DTD.iterentities (lxml has it since 2.x).
    entities = getattr(dtd, "iterentities", None) if dtd is not None else None
    if entities is not None and any(True for _ in entities()):
        reject_entity_declarations(b"<!ENTITY", path=path, member=member)


def local_name(element: etree._Element) -> str:
    """The tag without its namespace, lower-cased; "" for comments and other non-elements."""
    tag = element.tag
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1].lower()

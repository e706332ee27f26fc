"""Images that live inside a content document: `data:` URIs and inline `<svg>` markup.

Each becomes a book resource of its own, named `inline:<member>#<n>.<ext>` and kept in the book
model (`Book.inline_resources`), so the page draws it like any other image (SVG through the resvg
worker). Nothing is fetched: a `data:` URI carries its bytes, and inline SVG is serialised as it
stands. Hostile input is refused with a reason the reader is told (`InlineImageRefused`): a URI
over the size caps is never decoded, and only image media types are accepted.
"""

from __future__ import annotations

import base64
import binascii
import copy
import re
from urllib.parse import unquote_to_bytes

import tinycss2
from lxml import etree

from reader_app.books.files.xmlsafe import local_name
from reader_app.books.typography.css import tamed
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, note

MAX_INLINE_IMAGE_BYTES = 4 * 1024 * 1024  # one decoded image
MAX_INLINE_DOCUMENT_BYTES = 16 * 1024 * 1024  # every inline image of one content document
MAX_HOST_CSS = 64 * 1024  # the page's style rules copied into each inline SVG
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
INLINE_PREFIX = "inline:"
_EXTENSIONS = {
    "image/png": "png",
    "image/jpeg": "jpg",
    "image/jpg": "jpg",
    "image/gif": "gif",
    "image/webp": "webp",
    "image/svg+xml": "svg",
    "image/bmp": "bmp",
    "image/avif": "avif",
    "image/jxl": "jxl",
}
_SPACE = re.compile(rb"\s+")


class InlineImageRefused(ValueError):
    """An inline image that is not shown, with the reason in words (`reason`, for the window to
    translate; `str()` is its English)."""

    def __init__(self, reason: Sentence) -> None:
        super().__init__(str(reason))
        self.reason = reason


def is_inline_name(name: str) -> bool:
    return name.startswith(INLINE_PREFIX)


def decode_data_uri(uri: str) -> tuple[str, bytes]:
    """(extension, bytes) of a `data:` image URI. Raises InlineImageRefused with the reason.

    The size is judged from the URI's length before anything is decoded, so a giant URI costs
    no more memory than the document that holds it.
    """
    head, comma, payload = uri.partition(",")
    if not comma or not head.lower().startswith("data:"):
        raise InlineImageRefused(note(QT_TRANSLATE_NOOP("BookNotes", "a data: image with no data")))
    params = [p.strip().lower() for p in head[5:].split(";")]
    media_type = params[0] or "text/plain"
    extension = _EXTENSIONS.get(media_type)
    if extension is None:
        raise InlineImageRefused(note(QT_TRANSLATE_NOOP(
            "BookNotes", "a data: URI of type {type}, which is not an image"),
            type=repr(media_type[:40])))
    is_base64 = "base64" in params[1:]
    estimate = len(payload) * 3 // 4 if is_base64 else len(payload)
    if estimate > MAX_INLINE_IMAGE_BYTES:
        raise InlineImageRefused(note(QT_TRANSLATE_NOOP(
            "BookNotes", "a data: image of about {mb} MB, over the {limit} MB limit for an image "
            "inside a page"), mb=round(estimate / 1e6, 1), limit=MAX_INLINE_IMAGE_BYTES >> 20))
    if is_base64:
        try:
            data = base64.b64decode(_SPACE.sub(b"", unquote_to_bytes(payload)), validate=True)
        except (binascii.Error, ValueError) as error:
            raise InlineImageRefused(note(QT_TRANSLATE_NOOP(
                "BookNotes", "a data: image whose base64 is damaged ({error})"),
                error=str(error))) from error
    else:
        data = unquote_to_bytes(payload)
    if not data:
        raise InlineImageRefused(note(QT_TRANSLATE_NOOP("BookNotes", "an empty data: image")))
    return extension, data


def svg_markup(element: etree._Element, host_css: str = "") -> bytes:
    """The inline `<svg>` element as a standalone SVG document (in the SVG namespace), with the
    host page's `<style>` rules inside it: CSS styles an SVG included in a page (not one
    referenced by `<img>`)."""
    standalone = copy.deepcopy(element)
    standalone.tail = None
    if isinstance(element.tag, str) and not element.tag.startswith("{"):
        # Read by the HTML fallback parser: no namespaces, which an SVG renderer needs.
        for node in standalone.iter():
            if isinstance(node.tag, str) and not node.tag.startswith("{"):
                node.tag = f"{{{SVG_NS}}}{node.tag}"
            for name in list(node.attrib):
                if name in ("xlink:href", "href"):
                    value = node.attrib.pop(name)
                    node.set(f"{{{XLINK_NS}}}href", value)
    if host_css:
        style = etree.Element(f"{{{SVG_NS}}}style")
        style.text = host_css
        standalone.insert(0, style)
    return etree.tostring(standalone, encoding="utf-8")


def page_style_rules(root: etree._Element) -> str:
    """The plain style rules of a page's `<style>` elements, as text for an inline SVG: at-rules
    (`@import`, `@font-face`, `@media`) are left out, so nothing is fetched; capped in size."""
    rules: list[str] = []
    for node in root.iter("{*}style", "style"):
        text = tamed((node.text or "")[:MAX_HOST_CSS], where="a <style> element")
        for rule in tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True):
            if isinstance(rule, tinycss2.ast.QualifiedRule):
                rules.append(tinycss2.serialize([rule]))
    return "\n".join(rules)[:MAX_HOST_CSS]


def references_only_book_images(svg: etree._Element) -> bool:
    """An `<svg>` that only wraps `<image>` elements (the usual cover page), drawn as those."""
    images = 0
    for node in svg.iter():
        if not isinstance(node.tag, str) or node is svg:
            continue
        tag = local_name(node)
        if tag == "image":
            href = node.get(f"{{{XLINK_NS}}}href") or node.get("href") or ""
            if href.strip().lower().startswith("data:"):
                return False
            images += 1
        elif tag not in ("title", "desc", "metadata"):
            return False
    return images > 0


class InlineImages:
    """The inline images of one content document, under the per-document cap."""

    def __init__(self, member: str) -> None:
        self.member = member
        self.resources: dict[str, bytes] = {}
        self.refused: list[Sentence] = []
        self._bytes = 0
        self._host_css: str | None = None  # the page's <style> rules, read at the first <svg>

    def add(self, extension: str, data: bytes) -> str | None:
        """The resource name for `data`, or None (and a reason kept) when over the caps."""
        if len(data) > MAX_INLINE_IMAGE_BYTES:
            self.refused.append(note(QT_TRANSLATE_NOOP(
                "BookNotes", "an inline image of {mb} MB, over the {limit} MB limit"),
                mb=round(len(data) / 1e6, 1), limit=MAX_INLINE_IMAGE_BYTES >> 20))
            return None
        if self._bytes + len(data) > MAX_INLINE_DOCUMENT_BYTES:
            self.refused.append(note(QT_TRANSLATE_NOOP(
                "BookNotes", "inline images beyond {limit} MB in one page"),
                limit=MAX_INLINE_DOCUMENT_BYTES >> 20))
            return None
        self._bytes += len(data)
        name = f"{INLINE_PREFIX}{self.member}#{len(self.resources) + 1}.{extension}"
        self.resources[name] = data
        return name

    def data_uri(self, uri: str) -> str | None:
        try:
            extension, data = decode_data_uri(uri)
        except InlineImageRefused as refused:
            self.refused.append(refused.reason)
            return None
        return self.add(extension, data)

    def svg(self, element: etree._Element) -> str | None:
        if self._host_css is None:
            self._host_css = page_style_rules(element.getroottree().getroot())
        return self.add("svg", svg_markup(element, self._host_css))

    def note(self) -> Sentence | None:
        """What the reader is told about images in this document that were not shown."""
        if not self.refused:
            return None
        if len(self.refused) == 1:
            return note(QT_TRANSLATE_NOOP(
                "BookNotes", "“{member}” has an image that is not shown: {reason}."),
                member=self.member, reason=self.refused[0])
        return note(QT_TRANSLATE_NOOP(
            "BookNotes", "“{member}” has images that are not shown: {reason} (and {count} more)."),
            member=self.member, reason=self.refused[0], count=len(self.refused) - 1)

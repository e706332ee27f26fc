"""The one book model every format is read into: sections of blocks, a TOC, metadata, resources."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Literal

from reader_app.translatable import Sentence

BookFormat = Literal["epub", "cbz", "cbr", "cb7", "cbt", "pdf", "mobi", "fb2", "txt", "markdown"]


def is_comic_format(book_format: str) -> bool:
    """Whether a format (a `Book`'s, or one the library stored) is read page by page as pictures:
    a comic's, or a PDF's (its pages drawn, its text from the text layer or OCR)."""
    return book_format in ("cbz", "cbr", "cb7", "cbt", "pdf")


class BlockKind(StrEnum):
    PARAGRAPH = "paragraph"
    HEADING = "heading"
    LIST_ITEM = "list_item"
    QUOTE = "quote"
    PREFORMATTED = "preformatted"
    IMAGE = "image"
    TABLE = "table"
    RULE = "rule"
    MEDIA = "media"  # an <audio> or <video>: played in the page; `text` is its fallback


@dataclass(frozen=True, slots=True, order=True)
class Locator:
    """A place in a book that survives font and window changes: section, block, character."""

    section: int
    block: int
    char: int = 0

    def as_tuple(self) -> tuple[int, int, int]:
        return (self.section, self.block, self.char)

    @classmethod
    def end_of_section(cls, section: int) -> Locator:
        """After everything in `section`, whatever text it carries (a comic page and its OCR)."""
        return cls(section, END_OF_SECTION, 0)


END_OF_SECTION = 2**31 - 1


@dataclass(frozen=True, slots=True)
class Look:
    """How text looks by the book's stylesheets (over a small default sheet for the tags)."""

    italic: bool = False
    bold: bool = False
    small_caps: bool = False
    vertical: str = ""  # "", "super", "sub"
    scale: float = 1.0  # font size relative to the reader's chosen size
    family: str = ""  # a font embedded in the book (its @font-face family); "" for the reader's
    # text-transform: "", "uppercase", "lowercase", "capitalize", "fullwidth" (drawn only; the
    # book's text, and so every locator, search and the assistant, keep the original letters)
    transform: str = ""
    # text-decoration: underline (a decoration is drawn under the element's descendants too)
    underline: bool = False
    # text-underline-position: under (below the descenders) rather than where the font puts it
    underline_under: bool = False


PLAIN_LOOK = Look()


@dataclass(frozen=True, slots=True)
class BlockStyle:
    """A block's layout by the book's stylesheets; None fields mean the reader's defaults.

    Lengths are in ems of the reader's font size. Applied only while "Use publisher styles" is on;
    nothing here changes a block's text, so locators are the same either way.
    """

    look: Look = PLAIN_LOOK
    indent: float | None = None
    margin_top: float | None = None
    margin_bottom: float | None = None
    align: str = ""  # "", "left", "center", "right", "justify"
    page_break: bool = False  # start on a new page
    hyphens: str = ""  # "", "auto", "manual", "none"
    word_break: str = ""  # "", "keep-all" (never broken inside a word), "break-all" (anywhere)
    line_break: str = ""  # CJK line-end rules: "", "auto", "loose", "normal", "strict", "anywhere"


@dataclass(frozen=True, slots=True)
class Span:
    """Inline formatting over `[start, end)` of a block's text.

    The flags are the tags' plain meaning (<i> is italic); `look` is the book's styling where it
    differs from the block's own look (None: the same as the block's).
    """

    start: int
    end: int
    bold: bool = False
    italic: bool = False
    underline: bool = False
    monospace: bool = False
    small_caps: bool = False
    superscript: bool = False
    subscript: bool = False
    href: str | None = None  # external link (http, https, mailto): opened only on a click
    target: Locator | None = None  # internal link or footnote reference
    look: Look | None = None
    # A MathML formula: the resource holding its markup (`inline:<member>#<n>.mml`). The span's
    # text is the formula's linear form, which the view may draw typeset instead.
    math: str | None = None

    def plain_flags(self) -> bool:
        """Whether any of the tag flags or a link is set."""
        return bool(
            self.bold or self.italic or self.underline or self.monospace or self.small_caps
            or self.superscript or self.subscript or self.href or self.target or self.math
        )  # fmt: skip

    def placed(self, start: int, end: int, look: Look | None) -> Span:
        """This styling over `[start, end)` with `look` (faster than dataclasses.replace)."""
        return Span(
            start, end, self.bold, self.italic, self.underline, self.monospace, self.small_caps,
            self.superscript, self.subscript, self.href, self.target, look, self.math,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Media:
    """An `<audio>` or `<video>` element: what the page plays where its block stands.

    The block's own text is the element's fallback content, shown only when none of the sources
    can be played (ui/page/media_blocks.py)."""

    kind: Literal["audio", "video"]
    sources: tuple[str, ...]  # members of the book, the book's preferred first; () none inside
    label: str  # the first source's file name, for the reader
    poster: str | None = None  # a picture member shown before a video plays
    controls: bool = False
    autoplay: bool = False  # played on sight only when the reader allows it (a setting)
    loop: bool = False
    muted: bool = False
    width: int = 0  # the element's width and height attributes in CSS pixels (0: not given)
    height: int = 0


@dataclass(frozen=True, slots=True)
class Block:
    """One paragraph-level unit. `text` is exactly the text the view shows for it."""

    kind: BlockKind
    text: str = ""
    spans: tuple[Span, ...] = ()
    level: int = 0  # heading level 1-6; nesting depth for lists and quotes
    align: str = ""  # "", "left", "center", "right", "justify"
    marker: str = ""  # list item marker: "•", "1.", ...
    image: str | None = None  # resource name in the container, for IMAGE blocks
    anchors: tuple[str, ...] = ()  # element ids inside this block (link targets)
    rows: tuple[tuple[str, ...], ...] = ()  # TABLE cells; `text` holds them tab/newline-joined
    style: BlockStyle | None = None  # the book's styling; None where it has nothing to say
    # The structural marks (`epub:type` and `role` tokens) of the elements around the block,
    # outermost first: "frontmatter", "imprint", "endnote"... Only recorded here; what they mean
    # for the companion is decided in rag (rag/index/story.py).
    marks: tuple[str, ...] = ()
    media: Media | None = None  # MEDIA blocks: the element to play
    # An IMAGE block's text alternative (<img alt>), for the ear only: Read aloud says it. It is
    # kept out of `text`, so the page, the sentence table, chunking and search are unchanged.
    alt: str = ""


@dataclass(frozen=True, slots=True)
class Section:
    """An EPUB spine item in reading order, or one CBZ page."""

    index: int
    name: str  # the container member it came from
    title: str
    blocks: tuple[Block, ...]
    double_page: bool = False  # comics: a spread shown on its own
    # False for an EPUB's linear="no" items: placed after the reading order, reached by links,
    # never counted in progress and never moving the boundary (they come after every linear one)
    linear: bool = True

    @property
    def char_count(self) -> int:
        return sum(len(b.text) for b in self.blocks)


@dataclass(frozen=True, slots=True)
class TocEntry:
    title: str
    target: Locator
    children: tuple[TocEntry, ...] = ()

    def walk(self, depth: int = 0) -> Iterator[tuple[int, TocEntry]]:
        yield depth, self
        for child in self.children:
            yield from child.walk(depth + 1)


@dataclass(frozen=True, slots=True)
class Series:
    name: str
    index: float


@dataclass(frozen=True, slots=True)
class Metadata:
    title: str
    authors: tuple[str, ...] = ()
    language: str = ""
    description: str = ""
    publisher: str = ""
    identifier: str = ""
    series: Series | None = None
    right_to_left: bool = False  # comics: Manga=YesAndRightToLeft; EPUB: page-progression-direction

    @property
    def author_line(self) -> str:
        return ", ".join(self.authors)


@dataclass(frozen=True, slots=True)
class EmbeddedFont:
    """A font inside the book, as its stylesheets name it, and how to restore its bytes."""

    family: str  # lower-cased @font-face family
    member: str
    bold: bool = False
    italic: bool = False
    key: bytes = b""  # the XOR key when obfuscated
    obfuscated: int = 0  # how many leading bytes are XORed


ResourceLoader = Callable[[str], bytes]


@dataclass(frozen=True)
class Book:
    """A parsed book. Resources (images) are read lazily through `load_resource`."""

    book_id: str  # SHA-256 of the file's bytes
    path: Path
    format: BookFormat
    metadata: Metadata
    sections: tuple[Section, ...]
    toc: tuple[TocEntry, ...]
    cover: str | None  # resource name of the cover image, if the book has one
    load_resource: ResourceLoader = field(repr=False, compare=False)
    # What the reader should be told about how the file was read: parts skipped or simplified,
    # each a sentence the window translates when it shows it (translatable.note); a plain
    # string is shown as it is (English, as caches before PARSER_VERSION 19 kept notes).
    notes: tuple[Sentence | str, ...] = ()
    # Images that live inside the content documents (data: URIs, inline <svg>), by resource name.
    inline_resources: Mapping[str, bytes] = field(default_factory=dict, repr=False, compare=False)
    fonts: tuple[EmbeddedFont, ...] = ()  # @font-face (typography/embedded_fonts.py)

    @property
    def is_comic(self) -> bool:
        """A comic (CBZ): its page is the unit of reading, progress and the boundary (both pages
        of a spread). The one place the book's kind is asked, rather than its format string."""
        return is_comic_format(self.format)

    def at_end(self, locator: Locator) -> bool:
        """Whether reading up to `locator` reaches the end of the reading order: a comic's last
        page, or the last character of a book's last linear section."""
        return locator >= self.end_locator() or (
            self.is_comic and locator.section >= len(self.sections) - 1
        )

    def resource(self, name: str) -> bytes:
        """The bytes of resource `name`: an inline image, else the container member."""
        found = self.inline_resources.get(name)
        return found if found is not None else self.load_resource(name)

    def resource_head(self, name: str, count: int) -> bytes:
        """The first `count` bytes of resource `name`, without inflating the rest if it can."""
        found = self.inline_resources.get(name)
        if found is not None:
            return found[:count]
        peek = getattr(self.load_resource, "peek", None)
        return bytes(peek(name, count)) if peek is not None else self.load_resource(name)[:count]

    @cached_property
    def reading_sections(self) -> tuple[Section, ...]:
        """The sections in the reading order (the non-linear ones come after all of them)."""
        return tuple(s for s in self.sections if s.linear) or self.sections

    @cached_property
    def char_count(self) -> int:
        return sum(s.char_count for s in self.reading_sections)

    @cached_property
    def _section_offsets(self) -> tuple[int, ...]:
        offsets, total = [], 0
        for section in self.sections:
            offsets.append(total)
            total += section.char_count
        return tuple(offsets)

    @cached_property
    def _block_starts_by_section(self) -> dict[int, tuple[tuple[Block, ...], tuple[int, ...]]]:
        return {}

    def _block_starts(self, section_index: int) -> tuple[int, ...]:
        """Characters before each block of a section, and its total last: a text file's
        40,000 headings are 40,000 places in one section, each counted in one step."""
        blocks = self.sections[section_index].blocks
        known = self._block_starts_by_section.get(section_index)
        if known is None or known[0] is not blocks:  # a PDF's text layer comes in later
            known = (blocks, (0, *itertools.accumulate(len(b.text) for b in blocks)))
            self._block_starts_by_section[section_index] = known
        return known[1]

    def char_offset(self, locator: Locator) -> int:
        """Characters from the start of the book to `locator`."""
        if not self.sections:
            return 0
        section_index = min(max(locator.section, 0), len(self.sections) - 1)
        section = self.sections[section_index]
        offset = self._section_offsets[section_index]
        if locator.block < 0 or (locator.block == 0 and locator.char <= 0):
            return offset  # a section's start: its blocks are not read (a cached book's may not be)
        offset += self._block_starts(section_index)[min(locator.block, len(section.blocks))]
        if 0 <= locator.block < len(section.blocks):
            offset += min(max(locator.char, 0), len(section.blocks[locator.block].text))
        return offset

    def progress(self, locator: Locator) -> float:
        """Fraction of the book's characters before `locator`, 0.0 to 1.0."""
        total = self.char_count
        if self.is_comic or total == 0:
            count = len(self.sections)
            return 0.0 if count <= 1 else min(max(locator.section / (count - 1), 0.0), 1.0)
        return min(self.char_offset(locator) / total, 1.0)

    def locator_at_progress(self, fraction: float) -> Locator:
        """The block start nearest `fraction` of the way through (for the progress slider)."""
        if not self.sections:
            return Locator(0, 0, 0)
        fraction = min(max(fraction, 0.0), 1.0)
        if self.is_comic or self.char_count == 0:
            return Locator(round(fraction * (len(self.sections) - 1)), 0, 0)
        wanted = fraction * self.char_count
        seen = 0
        for section in self.reading_sections:
            for block_index, block in enumerate(section.blocks):
                if seen + len(block.text) > wanted:
                    return Locator(section.index, block_index, int(wanted - seen))
                seen += len(block.text)
        last = self.reading_sections[-1]
        return Locator(last.index, max(len(last.blocks) - 1, 0), 0)

    def end_locator(self) -> Locator:
        """The end of the reading order (non-linear sections lie beyond it)."""
        if not self.sections:
            return Locator(0, 0, 0)
        last = self.reading_sections[-1]
        if not last.blocks:
            return Locator(last.index, 0, 0)
        return Locator(last.index, len(last.blocks) - 1, len(last.blocks[-1].text))

    def chapter_title(self, locator: Locator) -> str:
        """The place's name in the contents, with the entries that hold it ("Book III › Part I:
        1812 › IV"; a flat book's "Chapter 3"), so a chapter number is never ambiguous."""
        return " › ".join(self.chapter_path(locator))

    def chapter_path(self, locator: Locator) -> tuple[str, ...]:
        """The contents entries around `locator`, outermost first ("Book I", "Part I",
        "Chapter I"); an entry named like the book itself (a wrapper holding every chapter) is
        left out. Without contents there: the section's own title, if any."""
        best: tuple[str, ...] = ()
        title = self.metadata.title.strip().casefold()

        def walk(entries: tuple[TocEntry, ...], path: tuple[str, ...]) -> None:
            nonlocal best
            for entry in entries:
                if entry.target > locator:
                    return
                here = path if entry.title.strip().casefold() == title else (*path, entry.title)
                best = here
                walk(entry.children, here)

        walk(self.toc, ())
        if not best and 0 <= locator.section < len(self.sections):
            section_title = self.sections[locator.section].title
            return (section_title,) if section_title else ()
        return best

"""Pieces shared by the plain text, Markdown and FB2 readers: styled runs into a block, and a
flat list of blocks cut into chapters (sections) with a table of contents at their headings."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from reader_app.books.model import Block, BlockKind, Locator, Section, Span, TocEntry

PLAIN = Span(0, 0)
LINE_BREAK = "\u2028"  # a line break inside a block (a verse line, a Markdown hard break)


@dataclass
class Runs:
    """Text of one block gathered piece by piece, each piece with its style and, for an internal
    link, the anchor it leads to (resolved once every block is placed)."""

    pieces: list[tuple[str, Span, str | None]] = field(default_factory=list)

    def add(self, text: str, style: Span = PLAIN, anchor: str | None = None) -> None:
        if text:
            self.pieces.append((text, style, anchor))

    def add_spaced(self, text: str | None, style: Span = PLAIN, anchor: str | None = None) -> None:
        """XML text with its white space made single spaces, across pieces too (the text of
        FB2 and XHTML is not preformatted)."""
        if not text:
            return
        collapsed = " ".join(text.split())
        before = " " if text[0].isspace() else ""
        after = " " if text[-1].isspace() and collapsed else ""
        if before and (not self.pieces or self.pieces[-1][0].endswith((" ", LINE_BREAK))):
            before = ""
        self.add(before + collapsed + after, style, anchor)

    def text(self) -> str:
        return "".join(piece for piece, _, _ in self.pieces)

    def strip(self) -> None:
        """Spaces at the block's start and end left out (the text is exactly what is shown)."""
        while self.pieces and not self.pieces[0][0].strip(" \t\n"):
            self.pieces.pop(0)
        while self.pieces and not self.pieces[-1][0].strip(" \t\n"):
            self.pieces.pop()
        if self.pieces:
            text, style, anchor = self.pieces[0]
            self.pieces[0] = (text.lstrip(" \t\n"), style, anchor)
            text, style, anchor = self.pieces[-1]
            self.pieces[-1] = (text.rstrip(" \t\n"), style, anchor)

    def styled(self) -> tuple[str, tuple[Span, ...], list[tuple[int, str]]]:
        """The block's text, its spans (neighbours of one style merged) and the internal links
        as (span index, anchor)."""
        spans: list[Span] = []
        links: list[tuple[int, str]] = []
        parts: list[str] = []
        offset = 0
        for text, style, anchor in self.pieces:
            parts.append(text)
            start, offset = offset, offset + len(text)
            if not style.plain_flags() and anchor is None:
                continue
            last = spans[-1] if spans else None
            linked = bool(links) and links[-1][0] == len(spans) - 1
            if anchor is None and last is not None and not linked and last.end == start \
                    and replace(last, start=0, end=0) == style:
                spans[-1] = replace(last, end=offset)
                continue
            if anchor is not None:
                links.append((len(spans), anchor))
            spans.append(replace(style, start=start, end=offset))
        return "".join(parts), tuple(spans), links


@dataclass(frozen=True, slots=True)
class Chapters:
    sections: tuple[Section, ...]
    toc: tuple[TocEntry, ...]


def chapters_from_blocks(
    blocks: list[Block], *, name: str, chapter_level: int, toc_levels: int = 2
) -> Chapters:
    """`blocks` cut into sections before each heading of `chapter_level` or above (a heading
    that follows another with nothing between stays with it: "PART ONE" over "CHAPTER I"), and
    contents from the headings down to `chapter_level + toc_levels - 1`, nested by level."""
    sections: list[Section] = []
    current: list[Block] = []
    has_text = False  # whether `current` holds more than headings (kept, not scanned for)

    def flush() -> None:
        if current:
            index = len(sections)
            title = next((b.text for b in current if b.kind is BlockKind.HEADING), "")
            sections.append(Section(index, f"{name}#{index}", " ".join(title.split()),
                                    tuple(current)))
            current.clear()

    for block in blocks:
        heading = block.kind is BlockKind.HEADING
        if heading and block.level <= chapter_level and has_text:
            flush()
            has_text = False
        current.append(block)
        has_text = has_text or not heading
    flush()
    deepest = chapter_level + toc_levels - 1
    flat = [
        (block.level, " ".join(block.text.split()), Locator(section.index, number, 0))
        for section in sections
        for number, block in enumerate(section.blocks)
        if block.kind is BlockKind.HEADING and block.level <= deepest and block.text.strip()
    ]
    return Chapters(tuple(sections), nest_toc(flat))


@dataclass
class _Entry:
    level: int
    title: str
    target: Locator
    children: list[_Entry] = field(default_factory=list)

    def frozen(self) -> tuple[TocEntry, ...]:
        return tuple(TocEntry(c.title, c.target, c.frozen()) for c in self.children)


def nest_toc(flat: list[tuple[int, str, Locator]]) -> tuple[TocEntry, ...]:
    """Contents entries nested by their levels (a level-2 heading after a level-1 one is its
    child), from (level, title, target) in reading order."""
    root = _Entry(0, "", Locator(0, 0, 0))
    stack = [root]
    for level, title, target in flat:
        while len(stack) > 1 and stack[-1].level >= level:
            stack.pop()
        entry = _Entry(level, title, target)
        stack[-1].children.append(entry)
        stack.append(entry)
    return root.frozen()

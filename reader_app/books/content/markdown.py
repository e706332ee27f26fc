"""Markdown books (.md, .markdown) into the book model, without a Markdown library: headings
(`#` and underlined), paragraphs, lists, block quotes, code blocks, rules, and inline emphasis,
code and links. Chapters are cut at the top heading level that repeats.

Pictures are not fetched: a Markdown picture names a file anywhere on the disk, so its alternative
text is shown instead. Inline HTML is shown as the text it is.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from reader_app.books.content.plaintext import text_book
from reader_app.books.content.text_parts import (
    LINE_BREAK,
    PLAIN,
    Runs,
    chapters_from_blocks,
)
from reader_app.books.files.budget import BookBudget
from reader_app.books.files.textdecode import read_text_file
from reader_app.books.model import Block, BlockKind, Book, Span

_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_RULE = re.compile(r"^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$")
_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})")
_ITEM = re.compile(r"^( *)([-*+]|\d{1,9}[.)])[ \t]+(.*)$")
_QUOTE = re.compile(r"^ {0,3}>[ ]?")
_ALL_QUOTES = re.compile(r"^(?:[ \t]*>)+[ ]?")
EXTERNAL = ("http://", "https://", "mailto:")
MAX_NESTING = 8  # quotes and lists deeper than this are drawn at this depth
# Inline syntax, earliest match first; code spans before everything (nothing is parsed in them).
# No inner part may hold its own delimiter, so an opener without a closer costs a scan to the
# next delimiter, not to the end of the paragraph: linear, where `.+?` was quadratic.
_INLINE = re.compile(
    r"(?P<code>`+)(?P<code_text>[^`]+)(?P=code)(?!`)"
    r"|!\[(?P<alt>[^\]\[]{0,1000})\]\((?P<src>[^)\s]{0,2000})(?:\s+\"[^\"]{0,200}\")?\)"
    r"|\[(?P<label>[^\]\[]{1,1000})\]\((?P<href>[^)\s]{0,2000})(?:\s+\"[^\"]{0,200}\")?\)"
    r"|<(?P<auto>(?:https?://|mailto:)[^>\s]{1,2000})>"
    r"|\*\*(?=\S)(?P<strong_text>(?:[^*]|\*(?!\*))+?)(?<=\S)\*\*"
    r"|(?<!\w)__(?=\S)(?P<under_strong>(?:[^_]|_(?!_))+?)(?<=\S)__(?!\w)"
    r"|\*(?=[^\s*])(?P<em_text>[^*]+?)(?<=\S)\*"
    r"|(?<!\w)_(?=[^\s_])(?P<under_text>[^_]+?)(?<=\S)_(?!\w)"
    r"|~~(?P<strike_text>[^~]+?)~~"
    r"|\\(?P<escaped>[\\`*_{}\[\]()#+\-.!~>|])"
)


def read_markdown(path: Path, *, book_id: str) -> Book:
    """The Markdown file at `path` as a book. BookError (and subclasses) for what cannot be
    read."""
    text, _encoding = read_text_file(path)
    header, text = _front_matter(text)
    blocks = markdown_blocks(text)
    BookBudget(path).spend(elements=len(blocks), characters=sum(len(b.text) for b in blocks))
    chapter_level = _chapter_level(blocks)
    chapters = chapters_from_blocks(blocks, name=path.name, chapter_level=chapter_level)
    titles = [b.text for b in blocks if b.kind is BlockKind.HEADING and b.level == 1]
    if len(titles) == 1 and "title" not in header:  # one "# Title" over the chapters
        header["title"] = " ".join(titles[0].split())
    return text_book(path, book_id=book_id, book_format="markdown", chapters=chapters,
                     header=header)


CHAPTER_CHARS = 60_000  # a section longer than this on average: cut at the next level down


def _chapter_level(blocks: list[Block]) -> int:
    """The heading level sections are cut at: the top level that repeats ("# Title" once over
    "## Chapter"s), or a deeper one while the sections would still be long on average ("#
    Book" over "## Chapter": chapters, not books of 300,000 characters)."""
    counts = [sum(1 for b in blocks if b.kind is BlockKind.HEADING and b.level <= level)
              for level in range(1, 7)]
    repeated = [level for level in range(1, 7)
                if sum(1 for b in blocks if b.kind is BlockKind.HEADING and b.level == level) >= 2]
    if not repeated:
        return next((level for level, n in enumerate(counts, 1) if n), 1)
    characters = sum(len(b.text) for b in blocks)
    for level in repeated:
        if characters / (counts[level - 1] + 1) <= CHAPTER_CHARS:
            return level
    return repeated[-1]


def _front_matter(text: str) -> tuple[dict[str, str], str]:
    """The title, author and language of a YAML front matter block (`---` lines around
    `key: value` lines), and the text after it."""
    if not text.startswith("---\n"):
        return {}, text
    end = text.find("\n---", 4)
    if end < 0 or end > 10_000:
        return {}, text
    header = {}
    for line in text[4:end].split("\n"):
        key, colon, value = line.partition(":")
        if colon and key.strip().casefold() in ("title", "author", "language", "lang"):
            name = "language" if key.strip().casefold() == "lang" else key.strip().casefold()
            header[name] = " ".join(value.strip().strip("\"'").split())
    return header, text[end + 4 :].lstrip("-\n")


def markdown_blocks(text: str) -> list[Block]:
    lines = text.expandtabs(4).split("\n")
    blocks: list[Block] = []
    _read_lines(lines, blocks, quote_depth=0)
    return blocks


def _read_lines(lines: list[str], blocks: list[Block], *, quote_depth: int) -> None:
    index = 0
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            kind = BlockKind.QUOTE if quote_depth else BlockKind.PARAGRAPH
            blocks.append(inline_block(kind, paragraph, level=quote_depth))
            paragraph.clear()

    while index < len(lines):
        line = lines[index]
        if not line.strip():
            flush()
            index += 1
            continue
        if _QUOTE.match(line):
            flush()
            depth = min(quote_depth + 1, MAX_NESTING)
            # At the deepest level drawn, every further ">" goes at once: no recursion per level.
            marker = _ALL_QUOTES if depth == MAX_NESTING else _QUOTE
            quoted = []
            while index < len(lines) and lines[index].strip() and _QUOTE.match(lines[index]):
                quoted.append(marker.sub("", lines[index], count=1))
                index += 1
            _read_lines(quoted, blocks, quote_depth=depth)
            continue
        if fence := _FENCE.match(line):
            flush()
            index = _code_block(lines, index, fence.group(2), blocks)
            continue
        if line.startswith("    ") and not paragraph:
            code = []
            while index < len(lines) and (lines[index].startswith("    ") or
                                          not lines[index].strip()):
                code.append(lines[index][4:])
                index += 1
            blocks.append(Block(BlockKind.PREFORMATTED, "\n".join(code).strip("\n")))
            continue
        if heading := _ATX.match(line):
            flush()
            blocks.append(inline_block(BlockKind.HEADING, [heading.group(2) or ""],
                                       level=len(heading.group(1))))
            index += 1
            continue
        if paragraph and (under := _SETEXT.match(line)):
            level = 1 if under.group(1).startswith("=") else 2
            blocks.append(inline_block(BlockKind.HEADING, list(paragraph), level=level))
            paragraph.clear()
            index += 1
            continue
        if _RULE.match(line):
            flush()
            blocks.append(Block(BlockKind.RULE))
            index += 1
            continue
        if item := _ITEM.match(line):
            flush()
            index = _list_item(lines, index, item, blocks)
            continue
        paragraph.append(line)
        index += 1
    flush()


def _code_block(lines: list[str], index: int, fence: str, blocks: list[Block]) -> int:
    code = []
    index += 1
    while index < len(lines) and not lines[index].strip().startswith(fence):
        code.append(lines[index])
        index += 1
    blocks.append(Block(BlockKind.PREFORMATTED, "\n".join(code)))
    return index + 1


def _list_item(lines: list[str], index: int, item: re.Match[str], blocks: list[Block]) -> int:
    """One list item and its continuation lines (up to a blank line, another item or a block
    of another kind)."""
    indent = len(item.group(1))
    marker = item.group(2)
    marker = "•" if marker in "-*+" else marker.rstrip(")").rstrip(".") + "."
    text = [item.group(3)]
    index += 1
    while index < len(lines) and lines[index].strip():
        line = lines[index]
        if _ITEM.match(line) or _ATX.match(line) or _QUOTE.match(line) or _FENCE.match(line):
            break
        text.append(line)
        index += 1
    level = min(indent // 2 + 1, MAX_NESTING)
    block = inline_block(BlockKind.LIST_ITEM, text, level=level)
    blocks.append(Block(BlockKind.LIST_ITEM, block.text, block.spans, level=level, marker=marker))
    return index


def inline_block(kind: BlockKind, lines: list[str], *, level: int = 0) -> Block:
    """A block of Markdown lines: joined with spaces, a hard break where a line ends with two
    spaces or a backslash, and the inline syntax turned into styled spans."""
    pieces = []
    for number, line in enumerate(lines):
        hard = line.endswith("  ") or line.endswith("\\")
        content = line.strip()
        if hard and content.endswith("\\"):
            content = content[:-1]
        pieces.append(content)
        if number < len(lines) - 1:
            pieces.append(LINE_BREAK if hard else " ")
    runs = Runs()
    _inline("".join(pieces), PLAIN, runs)
    runs.strip()
    text, spans, _links = runs.styled()
    return Block(kind, text, spans, level=level)


def _inline(text: str, style: Span, runs: Runs, depth: int = 0) -> None:
    position = 0
    for found in _INLINE.finditer(text):
        runs.add(text[position : found.start()], style)
        position = found.end()
        if depth > MAX_NESTING:  # deeper emphasis is shown as written
            runs.add(found.group(0), style)
        elif found.group("code"):
            runs.add(found.group("code_text").strip(), _with(style, monospace=True))
        elif found.group("src") is not None and found.group("alt") is not None:
            runs.add(found.group("alt"), _with(style, italic=True))
        elif found.group("label") is not None:
            href = found.group("href")
            inner = _with(style, href=href) if href.startswith(EXTERNAL) else style
            _inline(found.group("label"), inner, runs, depth + 1)
        elif found.group("auto"):
            runs.add(found.group("auto"), _with(style, href=found.group("auto")))
        elif found.group("strong_text") or found.group("under_strong"):
            strong = found.group("strong_text") or found.group("under_strong")
            _inline(strong, _with(style, bold=True), runs, depth + 1)
        elif found.group("em_text") or found.group("under_text"):
            emphasised = found.group("em_text") or found.group("under_text")
            _inline(emphasised, _with(style, italic=True), runs, depth + 1)
        elif found.group("strike_text") is not None:
            _inline(found.group("strike_text"), style, runs, depth + 1)
        else:
            runs.add(found.group("escaped"), style)
    runs.add(text[position:], style)


def _with(style: Span, **flags: object) -> Span:
    return replace(style, **flags)  # type: ignore[arg-type]

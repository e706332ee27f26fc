"""What the page draws for a block's characters, by the book's `text-transform` and `word-break`.

Both live only in the laid-out document, like soft hyphens: a transform changes letters one for
one (a letter whose capital is two letters, such as "ß", is left as it is), so every offset stays
the book's own, and break opportunities are positions the document steps over. Locators, search,
selection and the assistant see the book's text.
"""

from __future__ import annotations

from reader_app.books.model import Block, Look

ZERO_WIDTH_SPACE = "\u200b"  # a break opportunity that draws nothing (word-break: break-all)
_FULLWIDTH_OFFSET = 0xFF01 - 0x21  # "!"..."~" -> U+FF01...U+FF5E


def transformed(block: Block, *, styled: bool) -> str:
    """`block.text` as the page draws it: the same length, letters transformed where the book's
    stylesheet says so (the block's own look, then its spans' looks, outermost first)."""
    text = block.text
    if not styled or not text:
        return text
    ranges: list[tuple[int, int, str]] = []
    if block.style is not None and block.style.look.transform:
        ranges.append((0, len(text), block.style.look.transform))
    spans = sorted((s for s in block.spans if s.look is not None), key=lambda s: (s.start, -s.end))
    for span in spans:
        look: Look | None = span.look
        if look is not None and (look.transform or ranges):
            ranges.append((span.start, span.end, look.transform))
    if not ranges:
        return text
    shown = list(text)
    for start, end, transform in ranges:
        end = min(end, len(text))
        for i in range(max(start, 0), end):
            shown[i] = _one(text, i, transform)
    return "".join(shown)


def _one(text: str, i: int, transform: str) -> str:
    char = text[i]
    if transform == "uppercase" or (transform == "capitalize" and _starts_word(text, i)):
        changed = char.upper()
    elif transform == "lowercase":
        changed = char.lower()
    elif transform == "fullwidth":
        if char == " ":
            return "\u3000"
        code = ord(char)
        return chr(code + _FULLWIDTH_OFFSET) if 0x21 <= code <= 0x7E else char
    else:
        return char
    return changed if len(changed) == 1 else char


def _starts_word(text: str, i: int) -> bool:
    return text[i].isalpha() and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] in "'’"))


def anywhere_breaks(text: str) -> list[int]:
    """Offsets between two non-space characters: where `word-break: break-all` may break."""
    return [i for i in range(1, len(text)) if not text[i].isspace() and not text[i - 1].isspace()]

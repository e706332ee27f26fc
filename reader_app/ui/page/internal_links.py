"""Links inside the book as the laid-out document holds them: `pagemate:section/block/char`."""

from __future__ import annotations

from reader_app.books.model import Locator

INTERNAL_SCHEME = "pagemate"


def internal_href(target: Locator) -> str:
    return f"{INTERNAL_SCHEME}:{target.section}/{target.block}/{target.char}"


def parse_internal_href(href: str) -> Locator | None:
    if not href.startswith(INTERNAL_SCHEME + ":"):
        return None
    try:
        section, block, char = (int(p) for p in href.split(":", 1)[1].split("/"))
    except ValueError:
        return None
    return Locator(section, block, char)

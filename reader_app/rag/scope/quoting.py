"""How book text stands in a request: as quoted material between tags, never as instructions.

Its angle brackets are neutralised so it cannot close the quote it stands in, and inside an
attribute it is one line with no double quote to close it. The same holds for what the book's file
controls beside its text (the title, the authors, chapter titles), which never stands in a
request's system rules. Every room's prompts quote through here.
"""

from __future__ import annotations


def quoted(text: str) -> str:
    """Book text made safe to put between tags: it can no longer open or close one."""
    return text.replace("<", "‹").replace(">", "›")


def attribute(text: str) -> str:
    """Book text made safe inside a double-quoted tag attribute: one line, no quote to close it."""
    return " ".join(quoted(text).replace('"', "”").split())


def book_tag(title: str, authors: str, *, location: str = "") -> str:
    """The book's own description of itself, as quoted material for the reader's message."""
    lines = [f"title: {attribute(title)}"]
    if authors:
        lines.append(f"by: {attribute(authors)}")
    if location:
        lines.append(f"the reader has read up to: {attribute(location)}")
    return "<book>\n" + "\n".join(lines) + "\n</book>"

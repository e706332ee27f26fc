"""The seal: the one base of every value that may carry the book's text to a model (`Sealed`),
and the bug it raises when something else tries (`ScopeViolationError`).

Each sealed kind refuses to be built but through its own constructors, which take only what
`boundary.py` allows (a private token in its module, checked in `__post_init__`). Whether a value
may go into a request now is asked once, where the request is made (`request.py`).
"""

from __future__ import annotations


class ScopeViolationError(Exception):
    """A bug: a sealed value was built by hand, mixed across boundaries, or replaced by free
    text on its way to a model. Never caught."""


class Sealed:
    """Book text that may reach a model: the scope's own values (sealed.py, excerpts.py) and a
    character's persona (rag/characters/persona.py)."""

    __slots__ = ()

    def check_sealed(self) -> None:
        """Raise `ScopeViolationError` when this value may not go into a request as it is."""

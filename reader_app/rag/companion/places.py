"""Places a reader knows without being told, for French and German books: countries, world
regions and continents in English, French and German, and cities of 150,000 people or more under
their names in many languages ("Séville", "Manille", "Égypte", "Ägypten"). The list is
assets/places/places.txt, made by scripts/make_places.py from GeoNames (CC-BY 4.0) and CLDR.

X-Ray takes a name on it for a place only when nothing says it is someone (a title, speech, a
call): a person named like a place ("Florence", "Victoria") keeps their cues (xray.py)."""

from __future__ import annotations

from functools import cache

from reader_app.paths import assets_dir


@cache
def known_places() -> frozenset[str]:
    """Every name on the list; empty (no place known) when the file is missing."""
    path = assets_dir() / "places" / "places.txt"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return frozenset()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def known_place(name: str) -> bool:
    """"Séville", "Le Caire", "Ägypten": yes; "Militona": no."""
    return name in known_places()

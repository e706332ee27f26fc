"""Names in French and German books: nouns, interjections and verbs are not people, and one person's
forms merge. Sentences come from Raabe's *Im alten Eisen* and Balzac's *Albert Savarus*."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app.rag.companion.entities import extract_entities
from reader_app.rag.companion.entity_languages import name_rules
from reader_app.rag.companion.entity_tokens import tokens
from tests.conftest import ROOT
from tests.data.character_lists import people_at_half_way
from tests.unit.rag.companion.language_books import book_in, names_in

LANGCORPUS = ROOT.parent / "langcorpus" / "names"


def test_german_nouns_after_an_article_are_not_people() -> None:
    book = book_in(
        "de",
        "Es war an einem Sonntagmorgen noch vor dem Kirchengeläut, und die beiden Kinder waren "
        "neben der Leiche allein mit dem Blatt Papier, welches der Doktor zurückgelassen hatte.",
        "Bei Bewußtsein war die Frau nicht mehr gewesen, als die Kinder durch ihr letztes "
        "schweres Atmen erweckt wurden.",
        "»Sei nur still, Paule«, sagte der Knabe, »solange ich den hier habe, tut uns keiner was.«",
        "Ach, es rüsteten sich eben nur zu viel mitleidige Seelen, gute Leute, die man gern an "
        "anderer Stelle gesehen hätte. Ach! Nun ging er.",
    )
    names = names_in(book)
    assert "Paule" in names and not names & {"Ach", "Nun", "Seelen", "Leute", "Stelle"}
    assert not names & {"Kinder", "Leiche", "Blatt", "Papier", "Doktor", "Frau", "Knabe",
                        "Bewußtsein", "Atmen", "Sonntagmorgen", "Kirchengeläut"}


def test_a_german_word_the_lemma_list_knows_needs_speech_or_a_title() -> None:
    book = book_in(
        "de",
        "Er hatte nachher den Knaben unterm Kinn genommen und zum Tanz geladen.",
        "Albin Brokenkorb nahm den Hut, und Peter Uhusen sah ihm nach.",
    )
    names = names_in(book)
    assert {"Albin Brokenkorb", "Peter Uhusen"} <= names
    assert "Tanz" not in names and "Kinn" not in names


def test_french_interjections_and_verbs_with_a_pronoun_are_not_people() -> None:
    book = book_in(
        "fr",
        "– Eh bien, voulez-vous venir? dit Rodolphe.",
        "– Tiens, c’est vous, monsieur Savaron!",
        "– Voulez-vous me permettre de vous accompagner? demanda Amédée de Soulas.",
        "– Voici mademoiselle Philomène de Watteville.",
    )
    names = names_in(book)
    assert {"Rodolphe", "Amédée de Soulas", "Philomène de Watteville"} <= names
    assert not names & {"Eh", "Tiens", "Voulez-vous", "Voici"}


def test_french_elision_keeps_the_name_after_l_or_d() -> None:
    text = "le personnage d’Agnès par Molière, en l’Italie"
    words = [t.word for t in tokens(text, elision=True)]
    assert words == ["le", "personnage", "d", "Agnès", "par", "Molière", "en", "l", "Italie"]
    assert "d’agnès" in [t.word for t in tokens(text)], "English books keep their words whole"


def test_french_nationalities_after_an_article_are_not_people() -> None:
    book = book_in("fr", "Les Anglais et les Français se disputaient la Gazette.",
                 "Rodolphe ne voyait que Francesca Colonna.")
    names = names_in(book)
    assert "Francesca Colonna" in names and "Rodolphe" in names
    assert not names & {"Anglais", "Français", "Gazette"}


def test_a_surname_joins_the_one_full_name_it_ends() -> None:
    book = book_in("fr", "Savaron entra sans rien dire.",
                 "On parlait beaucoup de Léopold Hannequin et d’Amédée de Soulas à Besançon.",
                 "Léopold Hannequin vint à Besançon; monsieur Hannequin y resta deux jours.")
    extraction = extract_entities(book)
    by_text = {f.text: f.form_id for f in extraction.forms}
    linked = {(link.form_id, link.into_form_id) for link in extraction.links}
    # French writes the title small ("monsieur Hannequin"): the surname alone joins the full name
    assert (by_text["Hannequin"], by_text["Léopold Hannequin"]) in linked


def test_english_rules_are_the_default_for_an_untaggedbook_in() -> None:
    assert name_rules("").language == "en"
    assert name_rules("de-AT").language == "de"
    assert name_rules("fr_CA").language == "fr"


# People precision among the first 40 at half-way, measured: Raabe 0.90 (0.12 with the English
# rules), Balzac 0.82 (0.42; 0.75 before the places, nationalities and "de" surnames of session
# 10); Schnitzler 0.90 and Gautier 0.60 (0.57), books the rules were not written from; Audoux
# 0.86 (0.76), a fifth novel added to check the session 10 rules without tuning to it. Session
# 12 completed the French lists (every "person" at half-way checked, not only the first 40:
# the old rules then score 0.85, 0.68 and 0.86) and added the lone-capital rule and the forms
# French writes one person in: Balzac 0.90, Gautier 0.89, Audoux 0.92. The goal is 0.9; what is
# left is in docs/xray.md.
@pytest.mark.parametrize(("file_name", "floor"),
                         [("DEU072_Raabe.epub", 0.85), ("FRA00501_Balzac.epub", 0.88),
                          ("DEU091_Schnitzler.epub", 0.85), ("FRA01701_GautierT.epub", 0.85),
                          ("FRA00201_Audoux.epub", 0.88)])
def test_people_precision_at_half_way(file_name: str, floor: float, library_home: Path) -> None:
    path = LANGCORPUS / file_name
    if not path.exists():
        pytest.skip(f"language corpus file missing: {path} (make it with scripts/eltec_epub.py)")
    result = people_at_half_way(path, library_home)
    print(f"{file_name}: people precision {result.precision:.2f} wrong {result.wrong}")
    assert result.precision >= floor, result


def test_a_given_name_goes_to_the_person_just_named() -> None:
    # Balzac: Alfred de Musset is named once in passing; Alfred Boucher is the one just met.
    book = book_in("fr", "Tout le monde chantait la fameuse chanson d’Alfred de Musset.",
                 *["Il pleuvait sur la ville et les rues étaient vides."] * 20,
                 "Madame de Watteville se fit d’Alfred Boucher un séide.",
                 "Alfred fut la seule personne de Besançon avec qui elle parlât.")
    extraction = extract_entities(book)
    by_text = {f.text: f.form_id for f in extraction.forms}
    linked = {(link.form_id, link.into_form_id) for link in extraction.links}
    assert (by_text["Alfred"], by_text["Alfred Boucher"]) in linked
    assert all(by_text["Alfred de Musset"] not in pair for pair in linked)


def test_german_genitives_and_offices_are_not_part_of_a_name() -> None:
    # Raabe: "Peter Uhusens Weißdornprügel" is Peter Uhusen's stick; "Frau Direktorin Cruse" is
    # Frau Cruse with her office.
    book = book_in("de", "»Guten Morgen«, sagte Peter Uhusen.",
                 "Er nahm Peter Uhusens Weißdornprügel in die Hand.",
                 "»Guten Morgen, Frau Direktorin Cruse!« rief er.")
    names = names_in(book)
    assert "Peter Uhusen" in names and "Frau Cruse" in names
    assert not any("Weißdornprügel" in n or "Direktorin" in n or "Uhusens" in n for n in names)


def test_an_english_initial_is_not_a_french_title() -> None:
    # Pride and Prejudice signs a letter "M. Gardiner": in English "M." is an initial.
    english = names_in(book_in("en", "Yours, very sincerely, M. Gardiner went home."))
    french = names_in(book_in("fr", "M. Savaron demeure rue du Perron."))
    assert "M. Gardiner" not in english and "Gardiner" in english
    assert "M. Savaron" in french


def test_names_listed_with_a_place_are_places() -> None:
    # Raabe: "der Degen von Bau, Fridericia und Idstedt", battles, not people
    book = book_in("de", *["»Fridericia, Idstedt!« sagte der Hofrat."] * 2,
                 *["Der Degen von Fridericia und Idstedt hing an der Wand."] * 6)
    extraction = extract_entities(book)
    texts = {f.form_id: f.text for f in extraction.forms}
    places = {texts[m.form_id] for m in extraction.mentions if m.place}
    assert {"Fridericia", "Idstedt"} <= places

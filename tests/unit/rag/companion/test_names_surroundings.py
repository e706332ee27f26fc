"""What the words around a name say in French and German books: a firm, a work's title, a word
cried out and a pet form of a name met before. Sentences from Raabe's *Im alten Eisen*, Balzac's
*Albert Savarus*, Schnitzler's *Casanovas Heimfahrt* and Gautier's *Militona*; each rule's test
fails without it."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.model import Book
from reader_app.books.shelf.library import Library
from reader_app.rag.companion.entities import extract_entities
from reader_app.rag.companion.entity_context import pet_form_of
from reader_app.rag.companion.entity_store import ensure_entities
from reader_app.rag.companion.xray import known_entities
from reader_app.rag.index.sentences import sentence_count
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.scope.boundary import scope_at
from reader_app.store.db import connect
from tests.unit.rag.companion.language_books import book_in, names_in


def test_two_names_joined_by_an_ampersand_are_a_firm() -> None:
    book = book_in("de", "Er wohnte im ersten Stock über Runne & Plate am Markt.",
                   "Auch Runne & Plate wußten das und schätzten es an ihm.",
                   "»Guten Abend«, sagte Peter Uhusen.")
    names = names_in(book)
    assert "Peter Uhusen" in names
    assert not names & {"Runne", "Plate", "Runne & Plate"}


def test_a_name_filling_a_quotation_is_a_work() -> None:
    book = book_in("de", "Weder sein Roman »Icosameron« noch seine Streitschrift brachten ihm "
                         "Ruhm, sagte Casanova.",
                   "Als Lerse in Ihrer Bearbeitung des ›Götz von Berlichingen‹ spielte ich.",
                   "»Sei nur still, Paulchen!« sagte der Knabe.")
    names = names_in(book)
    assert {"Casanova", "Paulchen"} <= names
    assert not names & {"Icosameron", "Götz von Berlichingen"}


def test_a_word_cried_out_before_the_speech_verb_does_not_speak() -> None:
    book = book_in("fr", "-- Zitto ! fit Francesca en mettant un doigt sur ses lèvres.",
                   "-- Zitto ! fit-elle en frappant du pied.")
    extraction = extract_entities(book)
    texts = {f.form_id: f.text for f in extraction.forms}
    speaking = {texts[m.form_id] for m in extraction.mentions if m.speech}
    assert speaking == {"Francesca"}


def test_a_german_pet_form_joins_the_name_it_comes_from() -> None:
    book = book_in("de", "»Guten Morgen«, sagte Peter Uhusen zu Albin Brokenkorb.",
                   "»Bleib untergekrochen, Paulchen, ich bin gleich wieder da«, sagte er.",
                   "»Sie ist auch so unsere liebe Mama, Paule!«",
                   "»Galoppier nur, Peterle!« hörte er sie rufen.")
    extraction = extract_entities(book)
    by_text = {f.text: f.form_id for f in extraction.forms}
    linked = {(link.form_id, link.into_form_id) for link in extraction.links}
    assert (by_text["Paule"], by_text["Paulchen"]) in linked
    assert (by_text["Peterle"], by_text["Peter Uhusen"]) in linked
    # A French "Paule" is a woman's name, not a pet form: French books have no pet endings
    french = extract_entities(book_in("fr", "Paul entra. Paule sortit, dit Paul."))
    assert not french.links


def test_a_pet_form_needs_a_stem_long_enough_to_be_a_name() -> None:
    suffixes = ("", "e", "chen", "le")
    assert pet_form_of("Paule", ["Paulchen", "Peter"], suffixes) == ["Paulchen"]
    assert pet_form_of("Ede", ["Edchen"], suffixes) == []  # "Ed" is no stem
    assert pet_form_of("Berger", ["Berg"], suffixes) == []  # "-er" is no pet ending


def _linked(book: Book) -> set[tuple[str, str]]:
    extraction = extract_entities(book)
    texts = {f.form_id: f.text for f in extraction.forms}
    return {(texts[link.form_id], texts[link.into_form_id]) for link in extraction.links}


def test_one_title_in_three_languages_is_one_person() -> None:
    # Raabe: "Dr. Brokenkorb" is later "den Herrn Doktor Brokenkorb"; Frau Cruse "Madame Cruse"
    book = book_in("de", "»Guten Morgen«, sagte Dr. Brokenkorb.",
                   "»Guten Morgen«, sagte Frau Cruse.",
                   "»Das hat einiges Interesse für Doktor Brokenkorb«, sagte Madame Cruse.")
    assert {("Doktor Brokenkorb", "Dr. Brokenkorb"), ("Madame Cruse", "Frau Cruse")} <= _linked(
        book)


def test_a_german_title_joins_the_name_met_alone_when_no_one_else_bears_a_title() -> None:
    # Schnitzler: "Amalia" for pages, then "Frau Amalia"; Raabe's "Frau Brokenkorb" is the mother
    # of the "Brokenkorb" who is "Dr. Brokenkorb", so she stays herself.
    book = book_in("de", "»Guten Abend«, sagte Amalia.", "»Guten Abend«, sagte Brokenkorb.",
                   "»Guten Abend«, sagte Dr. Brokenkorb.",
                   "»Frau Amalia, ich komme«, sagte Frau Brokenkorb.")
    linked = _linked(book)
    assert ("Frau Amalia", "Amalia") in linked
    assert not any("Frau Brokenkorb" in pair for pair in linked)
    french = _linked(book_in("fr", "Watteville entra. Madame Watteville sortit, dit Rodolphe."))
    assert not french, "a French 'monsieur de Watteville' is written small: no one to join"


def test_names_listed_with_a_place_met_before_are_places() -> None:
    # Raabe: Fridericia is a place by then; "Bau, Kolding und Fridericia" are all places
    book = book_in("de", "Fridericia, Idstedt und Friedrichstadt: wer vernimmt den Lärm noch?",
                   "Der Degen von Kolding und Fridericia war ein guter Degen.",
                   "Kolding und Fridericia waren blutige Tage gewesen.")
    extraction = extract_entities(book)
    texts = {f.form_id: f.text for f in extraction.forms}
    kolding = [m for m in extraction.mentions if texts[m.form_id] == "Kolding"]
    assert kolding and all(m.place for m in kolding)


def test_speech_after_a_closing_guillemet_is_the_speaker_s() -> None:
    # Raabe: "»…, Menschenkind«, seufzte Hofrat Dr. Albin Brokenkorb": the Hofrat sighs
    book = book_in("de", "»Rege mich nicht noch mehr auf, Menschenkind«, seufzte Hofrat "
                         "Dr. Albin Brokenkorb.")
    extraction = extract_entities(book)
    texts = {f.form_id: f.text for f in extraction.forms}
    assert "Menschenkind" not in {texts[m.form_id] for m in extraction.mentions if m.speech}


def test_a_lone_english_title_in_a_french_or_german_book_is_no_one() -> None:
    # Raabe: "Major beim großen Laufen von Bull-Run – Colonel eines verdammten Niggerregiments";
    # Balzac: "God save the King"
    assert "Colonel" not in names_in(book_in("de", "Er war Colonel eines Regiments gewesen."))
    assert "King" not in names_in(book_in("fr", "On chantait God save the King , l’air national."))


def test_a_spanish_name_keeps_de_los() -> None:
    # Gautier: "doña Feliciana Vasquez de los Rios"
    names = names_in(book_in("fr", "Il allait chez doña Feliciana Vasquez de los Rios."))
    assert "Feliciana Vasquez de los Rios" in names and "Rios" not in names


def test_french_words_for_places_before_de_make_a_place() -> None:
    # Gautier: "la place de Lavapiès", "les théâtres del Circo"
    book = book_in("fr", "Il entra dans la place de Lavapiès, puis au théâtre del Circo.")
    extraction = extract_entities(book)
    texts = {f.form_id: f.text for f in extraction.forms}
    assert {texts[m.form_id] for m in extraction.mentions if m.place} == {"Lavapiès", "Circo"}


def test_a_saint_s_hyphened_name_is_a_place(library_home: Path) -> None:
    # Gautier: "l'orgue de Notre-Dame de Séville", "la prairie de San-Isidro"; "saint Hubert" is
    # the saint himself
    book = book_in("fr", *[f"Il passa {n} fois devant San-Isidro et Notre-Dame, puis vit Juancho."
                           for n in ("deux", "trois", "quatre")])
    conn = connect(library_home)
    Library(conn, library_home).add(book)
    ensure_sentences(conn, book)
    ensure_entities(conn, book)
    scope = scope_at(conn, book.book_id, boundary_sid=sentence_count(conn, book.book_id) - 1)
    kinds = {e.name: e.kind for e in known_entities(conn, scope)}
    conn.close()
    assert kinds == {"San-Isidro": "place", "Notre-Dame": "place", "Juancho": "person"}


def test_french_words_that_open_sentences_are_not_people() -> None:
    # Gautier: "« Pourvu qu'il ne cherche pas à me revoir !", never written small before
    book = book_in("fr", "« Pourvu qu'il ne cherche pas à me revoir !",
                   "Pourvu qu'elle sache lire.",
                   "« Pourvu, dit Andrès, que l'idée ne lui vienne pas ! »")
    assert names_in(book) == {"Andrès"}

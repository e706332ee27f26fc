"""French names, session 10: places a reader knows, nationality nouns, works named in a sentence
and a surname met alone. Sentences from Gautier's *Militona*, Balzac's *Albert Savarus* and
Schnitzler's *Casanovas Heimfahrt*; each rule's test fails without it."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.model import Book
from reader_app.books.shelf.library import Library
from reader_app.rag.companion.entities import extract_entities
from reader_app.rag.companion.entity_store import ensure_entities
from reader_app.rag.companion.entity_tokens import tokens
from reader_app.rag.companion.places import known_place, known_places
from reader_app.rag.companion.xray import known_entities
from reader_app.rag.index.sentences import sentence_count
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.scope.boundary import scope_at
from reader_app.store.db import connect
from tests.unit.rag.companion.language_books import book_in, names_in


def _kinds(book: Book, home: Path) -> dict[str, str]:
    """X-Ray's entries with the book read to its end: name -> person or place."""
    conn = connect(home)
    Library(conn, home).add(book)
    ensure_sentences(conn, book)
    ensure_entities(conn, book)
    scope = scope_at(conn, book.book_id, boundary_sid=sentence_count(conn, book.book_id) - 1)
    kinds = {e.name: e.kind for e in known_entities(conn, scope)}
    conn.close()
    return kinds


def test_the_places_list_loads_with_french_german_and_english_names() -> None:
    places = known_places()
    assert 10_000 < len(places) < 40_000
    assert {"Séville", "Sevilla", "Seville", "Manille", "Égypte", "Ägypten", "Egypt",
            "Portsmouth", "Le Caire", "Grenade"} <= places
    assert not known_place("Militona") and not known_place("Juancho")


def test_a_place_the_reader_knows_is_a_place_not_a_person(library_home: Path) -> None:
    # Gautier: never titled, said to speak or called, "Séville" and "Manille" are places
    book = book_in(
        "fr",
        "Andrès avait longtemps travaillé sous un des plus habiles maîtres de Séville.",
        "Juancho m'a suivie de Grenade à Séville, de Séville à Madrid.",
        "Andrès, dont les pas étaient amortis par la natte de paille de Manille, parvint jusqu'au "
        "milieu de la chambre.",
        "Il devait être de Séville, cette prunelle noire de la terre.",
        "Une commode ornée de têtes de sphinx, souvenirs de la conquête d'Égypte.",
        "Andrès se trouvait à Cadix, où il avait été dire adieu à un ami en partance pour Manille.",
    )
    kinds = _kinds(book, library_home)
    assert kinds["Andrès"] == "person"
    assert kinds["Séville"] == kinds["Manille"] == kinds["Égypte"] == "place"


def test_a_person_named_like_a_place_keeps_a_person_s_cues(library_home: Path) -> None:
    # Schnitzler: Teresina (also a Brazilian city) is listed with her sisters
    book = book_in(
        "de",
        "Maria, Nanetta, Teresina – seht, das ist der Chevalier von Seingalt, ein alter Freund.",
        "»Und ich soll wirklich glauben,« sagte er dann, »daß Maria, Nanetta und Teresina Ihre "
        "leiblichen Töchter sind, Amalia?«",
        "Die zwei älteren Töchter des Hauses, Teresina und Nanetta, reichten die Schüsseln.",
    )
    assert known_place("Teresina")
    assert _kinds(book, library_home)["Teresina"] == "person"


def test_a_nationality_whose_adjective_the_book_writes_small_is_no_one() -> None:
    # Gautier: "espagnol" is written small, so "Espagnols" is a noun (its plural)
    book = book_in(
        "fr",
        "Ces belles formules cérémonieuses de la langue espagnole plaisaient à Andrès.",
        "Le pauvre Andrès baissa la tête ; car il avait lu, comme les autres Espagnols, les "
        "stupides tirades philanthropiques.",
    )
    names = names_in(book)
    assert "Andrès" in names and "Espagnols" not in names


def test_an_article_after_an_elision_is_an_article() -> None:
    # Gautier: "d'une Espagnole" is "de" + "une Espagnole"
    book = book_in("fr", "Elles répondaient aussi peu que possible à l'idée que l'on se fait "
                         "généralement d'une Espagnole d'après les romances et les keepsakes.")
    assert "Espagnole" not in names_in(book)


def test_an_elided_word_at_a_sentences_start_is_two_plain_words() -> None:
    # Audoux: "Lorsqu'il fit tout à fait jour" had "Lorsqu'il" among the people
    book = book_in("fr", *["Lorsqu'il fit tout à fait jour, je vis que je n'étais plus éloignée "
                           "de la ville.", "D'abord sœur Marie-Aimée ne dit rien.",
                           "L'Italie est loin, dit Marie-Claire."] * 3)
    names = names_in(book)
    assert not names & {"Lorsqu'il", "Lorsqu", "D'abord", "L'Italie"}
    assert "Marie-Claire" in names
    words = [(t.word, t.fresh) for t in tokens("L’Italie est loin.", elision=True)]
    assert words[:2] == [("l", True), ("Italie", False)]  # the name after the article


def _linked(book: Book) -> set[tuple[str, str]]:
    extraction = extract_entities(book)
    texts = {f.form_id: f.text for f in extraction.forms}
    return {(texts[link.form_id], texts[link.into_form_id]) for link in extraction.links}


def test_a_de_surname_joins_the_one_person_of_that_name() -> None:
    # Balzac: "monsieur de Soulas" is Amédée de Soulas, the one Soulas of the book
    book = book_in(
        "fr",
        "– Bien singulière ! répéta le jeune Amédée de Soulas dont la biographie devient "
        "nécessaire à l'intelligence de cette histoire.",
        "Le jeune monsieur de Soulas ne pouvait pas se dispenser d'avoir un tigre.",
    )
    assert ("Soulas", "Amédée de Soulas") in _linked(book)


def test_a_family_named_before_keeps_its_surname_apart() -> None:
    # Balzac: "les Watteville" are named before Philomène: "monsieur de Watteville" is her father
    book = book_in(
        "fr",
        "L'écusson du gentilhomme suisse, les Watteville sont de Suisse, fut mis en abîme sur le "
        "vieil écusson des de Rupt.",
        "Monsieur de Watteville, petit-neveu du fameux Watteville, était aussi tranquille que son "
        "grand-oncle fut turbulent.",
        "On vendit alors la maison de monsieur de Watteville pour s'établir rue de la Préfecture.",
        "Monsieur de Watteville passait sa vie dans un riche atelier de tourneur, il tournait !",
        "Quelques contradicteurs, des femmes surtout, disaient de monsieur de Watteville : — Il a "
        "une belle âme !",
        "Les vins choisis par monsieur de Watteville jouissaient d'une sorte de célébrité.",
        "Tout Besançon le regardait comme le futur époux de Philomène de Watteville.",
    )
    assert not any(pair[0] == "Watteville" for pair in _linked(book))


def test_a_lordship_named_after_a_place_is_not_a_surname() -> None:
    # Gautier: "Zapata de Grenade" is a tailor of Granada; "Grenade" is the city
    book = book_in(
        "fr",
        "Ce costume était le chef-d'œuvre de Zapata de Grenade, Zapata, ce Cardillac des habits "
        "de majo.",
        "Juancho m'a suivie de Grenade à Séville, de Séville à Madrid.",
    )
    assert ("Grenade", "Zapata de Grenade") not in _linked(book)


def test_a_capital_after_a_noun_and_des_is_a_noun() -> None:
    # Balzac: "l'Ordre des Jésuites", as "au dire des Conseillers"
    book = book_in("fr", "Ce squelette devenait une sorte de folie religieuse en Italie, et un "
                         "étendard pour l'Ordre des Jésuites.")
    assert "Jésuites" not in names_in(book)


def test_all_of_someone_s_given_names_are_that_person() -> None:
    # Balzac: "Amédée-Sylvain-Jacques de Soulas" is Amédée de Soulas
    book = book_in(
        "fr",
        "– Bien singulière ! répéta le jeune Amédée de Soulas dont la biographie devient "
        "nécessaire à l'intelligence de cette histoire.",
        "Donc, Besançon jouissait, en 1834, d'un lion dans la personne de ce monsieur "
        "Amédée-Sylvain-Jacques de Soulas, écrit Souleyaz au temps de l'occupation espagnole.",
    )
    assert ("Amédée-Sylvain-Jacques de Soulas", "Amédée de Soulas") in _linked(book)


def test_the_capitals_after_an_article_are_one_noun() -> None:
    # Gautier: "les Petits Braconniers", an engraving
    book = book_in("fr", "Quelques gravures à la manière noire, venues de Paris, Souvenirs et "
                         "Regrets, les Petits Braconniers, étaient suspendues aux murs.")
    assert not any("Braconniers" in name for name in names_in(book))

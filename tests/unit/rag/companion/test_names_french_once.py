"""French names, session 12: a lone capital named once is no one yet, and the forms French writes
one person in join ("lord Byron" and "Lord Byron", "Savaron de Savarus", "Lamporani de Milan",
"Marie Aimée", "maître Sylvain", "don Geronimo Vasquez"), and nothing more: no merge across sexes,
surnames or languages. Sentences from Gautier's *Militona*, Balzac's *Albert Savarus* and Audoux's
*Marie-Claire*; each rule's test fails without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app.books.model import Book
from reader_app.books.shelf.library import Library
from reader_app.rag.companion.entities import extract_entities
from reader_app.rag.companion.entity_store import ensure_entities
from reader_app.rag.companion.xray import known_entities
from reader_app.rag.index.sentences import sentence_count
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.scope.boundary import scope_at
from reader_app.store.db import connect
from tests.unit.rag.companion.language_books import book_in
from tests.unit.rag.companion.test_entities import together

RAIN = "Il pleuvait sur la ville et les rues étaient vides."  # a sentence naming no one


def _people(book: Book, home: Path) -> set[str]:
    """Every name of X-Ray's people with the book read to its end."""
    conn = connect(home)
    Library(conn, home).add(book)
    ensure_sentences(conn, book)
    ensure_entities(conn, book)
    scope = scope_at(conn, book.book_id, boundary_sid=sentence_count(conn, book.book_id) - 1)
    people = known_entities(conn, scope, kinds=("person",))
    conn.close()
    return {name for e in people for name in (e.name, *e.aliases)}


def _joined(book: Book, form: str, into: str) -> bool:
    """Are the forms `form` and `into` one person by the end of the book?"""
    extraction = extract_entities(book)
    assert {form, into} <= {f.text for f in extraction.forms}, "both forms are read"
    return together(extraction, form, into)


def test_a_lone_capital_named_once_is_no_one_until_named_again(library_home: Path) -> None:
    # Gautier: rugs from Persia, a breeder's bull, a Roman of the decadence; Balzac's
    # "mademoiselle Calard" is someone at once, her honorific says so
    once = ("Les lustres à dix bras, les fauteuils couverts de cuir de Russie, les tapis de "
            "Perse, les paravents de la Chine complétaient le salon.",
            "Que pense Votre Grâce, disait un torero à un autre, du taureau noir de Mazpule ?",
            "Il se trouvait un peu Romain de la décadence, un peu boucher, un peu belluaire.",
            "L'étranger s'est décidé pour le premier étage de la maison de mademoiselle Calard.")
    people = _people(book_in("fr", *once), library_home)
    assert not people & {"Perse", "Mazpule", "Romain"}
    assert "Calard" in people
    again = _people(book_in("fr", *once, "Le taureau de Mazpule sortit le premier."),
                    library_home.parent / "again")
    assert "Mazpule" in again, "a second sentence lists the name"


def test_an_english_book_still_lists_a_name_met_once(library_home: Path) -> None:
    book = book_in("en", "She had come to live on the lake for the health of her father, who "
                         "had known Richardson in his youth.")
    assert "Richardson" in _people(book, library_home)


def test_a_title_written_small_then_large_is_one_title() -> None:
    # Balzac writes "lord Byron" in the story, "Lord Byron" opening a reply; Audoux "maître
    # Sylvain", then "Maître Sylvain" opening a sentence
    byron = book_in("fr", "Il mettait à cette occupation la même importance qu'y mit lord Byron "
                          "dans ses derniers jours.",
                    "– Oui, monsieur. Notre lac est si beau ! Lord Byron y a demeuré il y a sept "
                    "ans environ.")
    assert _joined(byron, "Lord Byron", "Byron")
    sylvain = book_in("fr", "Il m'apprit que la ferme s'appelait Villevieille, et que personne "
                            "n'était malheureux ici parce que maître Sylvain était bon.",
                      "Maître Sylvain avait de grands yeux noirs.")
    assert _joined(sylvain, "Maître Sylvain", "Sylvain")


def test_a_title_joins_a_bare_name_only_when_written_small_with_it_alone() -> None:
    # "Miss Lovelace" could be the daughter or the father's: nothing says which sex "John" or
    # "Fanny" is, and a split is better than two people made one
    miss = book_in("fr", "Le vieux John Lovelace était très-cassé.",
                   "Miss Lovelace était venue s'établir sur le lac pour la santé de son père.")
    assert not _joined(miss, "Miss Lovelace", "John Lovelace")
    # husband and wife, both written small before the surname
    grandet = book_in("fr", "On voyait monsieur Grandet au marché.",
                      "Le soir, madame Grandet filait près de la fenêtre.",
                      "Madame Grandet sourit.", "Monsieur Grandet toussa.")
    assert not _joined(grandet, "Madame Grandet", "Monsieur Grandet")


def test_a_surname_with_its_lordship_is_the_man() -> None:
    book = book_in("fr", "On lisait sur la porte : Albert Savaron.",
                   "Albert Savaron offrait bien des énigmes à déchiffrer.",
                   "Chacun parlait de monsieur Savaron.",
                   "Savaron de Savarus décida que le Doubs n'était bon qu'à couler.")
    assert _joined(book, "Savaron de Savarus", "Albert Savaron")
    # "Michel" ends Louis Michel's name but is no one's surname the book wrote: Montaigne's
    # given name
    montaigne = book_in("fr", "Louis Michel entra.", "Il lisait Michel de Montaigne le soir.")
    assert not _joined(montaigne, "Michel de Montaigne", "Louis Michel")


def test_a_name_and_a_birthplace_are_the_name_met_alone_later() -> None:
    book = book_in("fr", "Monsieur est le fameux libraire Lamporani de Milan, l'un des chefs de "
                         "la révolution.", *[RAIN] * 20,
                   "Il était venu un libraire et sa femme, un nommé Lamporani.")
    assert _joined(book, "Lamporani", "Lamporani de Milan")
    # two people begin with "Jeanne": the one just met is meant, not the one from Paris
    jeanne = book_in("fr", "On parlait de Jeanne de Paris.", *[RAIN] * 40,
                     "Jeanne Morel entra.", "Il vit Jeanne arriver.")
    assert not _joined(jeanne, "Jeanne", "Jeanne de Paris")
    assert _joined(jeanne, "Jeanne", "Jeanne Morel")


def test_given_names_with_or_without_their_hyphen_are_one() -> None:
    book = book_in("fr", "La maîtresse de classe s'appelait sœur Marie-Aimée.",
                   "Sœur Marie Aimée entendit.")
    assert _joined(book, "Marie Aimée", "Marie-Aimée")
    spaced_first = book_in("fr", "Elle vit que sœur Marie Aimée entendait.",
                           "La maîtresse de classe s'appelait sœur Marie-Aimée.")
    assert _joined(spaced_first, "Marie-Aimée", "Marie Aimée")
    # "Paul" is a surname here ("monsieur Paul"): "Jean Paul" is not "Jean-Paul"
    paul = book_in("fr", "On attendait monsieur Paul.", "Jean-Paul arriva le premier.",
                   "Jean Paul arriva ensuite.")
    assert not _joined(paul, "Jean Paul", "Jean-Paul")


def test_a_full_name_with_a_small_title_stays_in_play() -> None:
    # Gautier: the heroine's father is named in full once, then long after as "don Geronimo"
    book = book_in("fr", "Les meubles anciens avaient été relégués au grenier, au grand regret "
                         "de don Geronimo Vasquez, son père, homme de bon sens, mais faible.",
                   *[RAIN] * 20,
                   "Feliciana se promenait en voiture à côté de don Geronimo, son père.")
    assert _joined(book, "Geronimo", "Geronimo Vasquez")


def test_the_lone_rule_holds_at_every_boundary(library_home: Path) -> None:
    book = book_in("fr", "Que pense Votre Grâce du taureau noir de Mazpule ?", RAIN, RAIN,
                   "Le taureau de Mazpule sortit le premier.")
    conn = connect(library_home)
    Library(conn, library_home).add(book)
    ensure_sentences(conn, book)
    ensure_entities(conn, book)

    def people_at(sid: int) -> set[str]:
        return {e.name for e in known_entities(conn, scope_at(conn, book.book_id,
                                                              boundary_sid=sid))}

    try:
        assert all("Mazpule" not in people_at(sid) for sid in range(3))
        assert "Mazpule" in people_at(3)
    finally:
        conn.close()


def test_german_names_keep_their_merges() -> None:
    # The French forms are French: "Götz von Berlichingen" is not Peter Götz
    book = book_in("de", "»Guten Morgen«, sagte Peter Götz.", "Er dachte an Götz von Berlichingen.")
    assert not _joined(book, "Götz von Berlichingen", "Peter Götz")


def test_character_chat_says_a_name_met_in_passing_is_too_little(library_home: Path) -> None:
    # Gautier names Scribe once: the reader has met the name, so "you haven't met" would be false
    from reader_app.errors import QueryError
    from reader_app.rag.characters.chat import CharacterChat
    from tests.fakes.embedders import HashEmbedder

    book = book_in("fr", "Elle ne manquait pas d'assister aux premières représentations des "
                         "vaudevilles traduits de Scribe, au théâtre del Principe.",
                   "– Eh bien, voulez-vous venir ? dit Rodolphe.")
    conn = connect(library_home)
    Library(conn, library_home).add(book)
    chat = CharacterChat(conn, library_home, embedder=HashEmbedder())
    try:
        chat.prepare(book)
        scope = scope_at(conn, book.book_id, boundary_sid=sentence_count(conn, book.book_id) - 1)
        assert chat.character(book, name="Rodolphe", scope=scope).name == "Rodolphe"
        with pytest.raises(QueryError, match="names Scribe only in passing"):
            chat.character(book, name="Scribe", scope=scope)
        with pytest.raises(QueryError, match="haven't met Valdemar"):
            chat.character(book, name="Valdemar", scope=scope)
    finally:
        chat.close()
        conn.close()

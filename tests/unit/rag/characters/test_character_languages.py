"""Character chat in the reader's language: the rules name the book's language and stay the same
for every message; a French or German message is answered in its language."""

from __future__ import annotations

import dataclasses

from reader_app.rag.characters import persona as persona_module
from reader_app.rag.characters.prompts import answer_messages
from tests.unit.rag.assistant.test_prompts import _context

PERSONA = persona_module.Persona(1, "Rodolphe", "A young man of Besançon.", "", (), 5, 3,
                                 "extract", persona_module._SEAL)


def test_a_character_answers_in_the_language_it_is_spoken_to() -> None:
    context = _context()
    french = dataclasses.replace(context, book=dataclasses.replace(context.book, language="fr"))
    asked = [answer_messages(french, PERSONA, m)
             for m in ("Où étiez-vous hier soir ?", "Where were you last night?")]
    assert asked[0][0] == asked[1][0], "the rules do not change with the message"
    assert "The book is in French" in asked[0][0]["content"]
    assert "The reader writes in French; answer in French.\n\nThe reader says to you: Où" in (
        asked[0][-1]["content"])
    assert "The reader writes in" not in asked[1][-1]["content"]
    english = answer_messages(context, PERSONA, "Wo waren Sie gestern Abend?")
    assert "The book is in" not in english[0]["content"]
    assert "The reader writes in German; answer in German." in english[-1]["content"]

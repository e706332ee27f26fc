"""Sentence ends in French and German books: their abbreviations, ordinals and quotation marks.
Examples from Raabe's *Im alten Eisen* and Balzac's *Albert Savarus* where the books have them."""

from __future__ import annotations

import pytest

from reader_app.books.text.segment import split_sentences


def sentences_of(text: str) -> list[str]:
    return [text[start:end] for start, end in split_sentences(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # German quotation marks close with « and “: the sentence ends after them.
        ("»Na, oller Landsturm, wohin denn mit die Plempe?« Der lange Peter auf dem Marsche.",
         ["»Na, oller Landsturm, wohin denn mit die Plempe?«", "Der lange Peter auf dem Marsche."]),
        ("„Bleib liegen, bleib still liegen!“ Sie hörte ihn nicht mehr.",
         ["„Bleib liegen, bleib still liegen!“", "Sie hörte ihn nicht mehr."]),
        ("›Die Sache müßte einem den ganzen Tag verderben!‹ Wir können nicht sagen, was er dachte.",
         ["›Die Sache müßte einem den ganzen Tag verderben!‹",
          "Wir können nicht sagen, was er dachte."]),
        # French spaced punctuation: "? »" closes the sentence, "! » et" does not.
        ("« Vous voilà ? » Elle sourit.", ["« Vous voilà ? »", "Elle sourit."]),
        ("Il a dit : « A tout vainqueur tout honneur ! » et l'a félicité sans rancune.",
         ["Il a dit : « A tout vainqueur tout honneur ! » et l'a félicité sans rancune."]),
        # Abbreviations that a name or a number follows.
        ("Hofrat Dr. Albin Brokenkorb hatte auch im Glanz und Lärm des Abends Ruhe.",
         ["Hofrat Dr. Albin Brokenkorb hatte auch im Glanz und Lärm des Abends Ruhe."]),
        ("Frl. Erdwine kam. Sie lachte.", ["Frl. Erdwine kam.", "Sie lachte."]),
        ("Man vgl. S. 12 und Nr. 5 der Liste.", ["Man vgl. S. 12 und Nr. 5 der Liste."]),
        ("Er kam z. B. am Montag. Dann ging er.", ["Er kam z. B. am Montag.", "Dann ging er."]),
        ("Sie nähte, kochte usw. Dann schlief sie.",
         ["Sie nähte, kochte usw.", "Dann schlief sie."]),
        ("M. Savaron demeure rue du Perron. Il est avocat.",
         ["M. Savaron demeure rue du Perron.", "Il est avocat."]),
        ("Mme. de Watteville sortit. MM. de Soulas et Chavoncourt restèrent.",
         ["Mme. de Watteville sortit.", "MM. de Soulas et Chavoncourt restèrent."]),
        # An ordinal's full stop: "am 3. Juli", never a sentence end; a plain number's is.
        ("Es war am 3. Juli 1849. Da kam er.", ["Es war am 3. Juli 1849.", "Da kam er."]),
        ("Seit dem 14. September war er fort.", ["Seit dem 14. September war er fort."]),
        ("Er war 30. Dann starb er.", ["Er war 30.", "Dann starb er."]),
        # English is unchanged.
        ("“Help!” she cried. “Run!”", ["“Help!” she cried.", "“Run!”"]),
        ("He gave it to me. Then he left.", ["He gave it to me.", "Then he left."]),
    ],
)
def test_french_and_german_sentence_ends(text: str, expected: list[str]) -> None:
    assert sentences_of(text) == expected

"""Whether a question leans on the conversation before it ("what did he do next?"), decided on
this computer with no model call: only such a question is worth rewriting into a search before
the answer. A first question, or one that names what it asks about, is searched as written."""

from __future__ import annotations

import re

from reader_app.rag.scope.sealed import ScopedHistory

# Words that point back at something said before: pronouns and "that", "there", "then".
POINTING_BACK = frozenset({
    "he", "him", "his", "himself", "she", "her", "hers", "herself", "they", "them", "their",
    "theirs", "themselves", "it", "its", "itself", "this", "that", "these", "those", "there",
    "then", "such", "one", "ones", "former", "latter",
})
# Openings of a question that continues the last one: "and then?", "what about Kitty?".
CONTINUING = ("and ", "but ", "so ", "what about", "how about", "what else", "who else",
              "what next", "what then", "then what", "how come", "why not", "tell me more")
SHORT_WORDS = 3  # "Why not?", "And after?": too short to search on their own
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def leans_on_conversation(question: str, history: ScopedHistory) -> bool:
    """True when `history` has turns and `question` points back at them."""
    if history.is_empty:
        return False
    text = " ".join(question.lower().split())
    words = WORD.findall(text)
    if len(words) <= SHORT_WORDS or text.startswith(CONTINUING):
        return True
    return any(word in POINTING_BACK for word in words)

"""Where the sentences of a block's text start and end: plain spans, no storage, no sids."""

from __future__ import annotations

import re

# Bump when splitting changes: stored sentence tables of an older splitter are rebuilt.
# 3: French and German abbreviations, ordinals ("3. Juli") and quotation marks (« » „ “ ‹ ›)
SPLITTER_VERSION = "regex-merge-3"

# Words that end in a full stop without ending a sentence, because a name or number follows.
_NAME_PREFIXES = frozenset(
    {
        "mr", "mrs", "ms", "messrs", "mme", "mlle", "mmes", "dr", "st", "jr", "sr", "prof", "rev",
        "revd", "capt", "col", "gen", "lt", "sgt", "maj", "cmdr", "adm", "gov", "sen", "rep", "hon",
        "fr", "sra", "esq", "mt", "ft", "no", "nos", "vol", "vols", "ch", "chap", "pp", "p", "fig",
        "cf", "vs", "viz", "approx", "dept", "est", "inc", "ltd", "co", "corp", "bros", "ave", "rd",
        # French: "Mgr. Dupanloup", "Ste. Anne", "MM. Dupont et Durand" (not "Me.": English "me.")
        "mm", "mgr", "ste", "cie", "bd", "boul", "env", "éd", "hr",
        # German: "Frl. Erdwine", "Nr. 5", "vgl. S. 12", "bzw.", "Hrn. Schmidt", "geb. Müller"
        "frl", "hrn", "nr", "vgl", "bzw", "ca", "evtl", "ggf", "geb", "gest", "str", "abs", "hl",
        "sog", "ehem", "verh", "inkl", "zit", "jh", "jhd", "jhdt",
    }
)
# Months after an ordinal's full stop: "am 3. Juli", "le 14. Juillet" never ends a sentence there.
_MONTHS = frozenset(
    {
        "januar", "jänner", "februar", "märz", "april", "mai", "juni", "juli", "august",
        "september", "oktober", "november", "dezember", "janvier", "février", "mars", "avril",
        "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre",
    }
)
# A German ordinal: "am 3.", "den 2.", "Friedrich der 2." after an article or preposition.
_ORDINAL_BEFORE = re.compile(
    r"(?:^|\s)(?:am|an|den|der|des|dem|die|das|vom|zum|zur|bis|seit|im|ab|jeden|seinem|seiner|"
    r"ihrem|ihrer)\s+\d{1,4}\.$",
    re.IGNORECASE,
)
# A candidate end: terminal punctuation, then any closing quotes or brackets, then space.
# The look-behind starts a candidate only at the first mark of a run, so a long run of marks with
# no blank after it costs one scan, not one per mark (linear, not quadratic).
# Closing marks: English ” ’, French » › (after a thin or no-break space too: "voilà ? »"), German
# “ ‘ « ‹ ("„Bleib liegen!“", "»Nein.«").
_CANDIDATE_END = re.compile(
    r"(?<![.!?…])(?:\.\s\.\s\.\.?|[.!?…]+)[\"'”’»›“‘«‹)\]]*(?:[ \u00a0\u202f][»›])?(?=\s)"
)
_WORD_BEFORE = re.compile(r"([^\W\d_]+)\.$")
_LETTER_DOT_BEFORE = re.compile(r"(?:^|[\s(“‘\"'])(?:[A-Za-z]\.)+$")  # initials, e.g., i.e.
_SPACE = re.compile(r"\s+")
_NEXT_WORD = re.compile(r"\s*[\"'“‘«»„‚‹›(\[—–-]*\s*(.)")
_NEXT_WORD_WHOLE = re.compile(r"\s*([^\W\d_]+)")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """`[start, end)` spans of the sentences in `text`, whitespace trimmed.

    A fast regex finds candidate ends; a candidate is dropped when the word before it is an
    honorific or abbreviation ("Mr. Darcy", "St. Paul's", "e.g. this") or when the next word
    starts in lower case ("“Help!” she cried", "and so… we went on"). Linear in the length of
    `text`: each candidate looks at a bounded window around it, never at the rest of the line.
    """
    spans: list[tuple[int, int]] = []
    line_start = 0
    for line in text.split("\n"):
        start = _skip_space(line, 0)
        for match in _CANDIDATE_END.finditer(line):
            end = match.end()
            if end <= start or not _ends_sentence(line, match.start(), match.group(0), end):
                continue
            spans.append((line_start + start, line_start + end))
            start = _skip_space(line, end)
        stop = len(line.rstrip())
        if start < stop:
            spans.append((line_start + start, line_start + stop))
        # Line breaks inside a block (verse, table rows, preformatted text) end a sentence.
        line_start += len(line) + 1
    return spans


def _skip_space(line: str, index: int) -> int:
    match = _SPACE.match(line, index)
    return match.end() if match else index


# How far before a full stop an abbreviation or a run of initials is looked for.
_LOOK_BEHIND = 48


def _ends_sentence(line: str, punct_start: int, punctuation: str, end: int) -> bool:
    # Skip blanks, opening quotes and dashes to see how the next sentence begins.
    next_word = _NEXT_WORD.match(line, end)
    if next_word is not None and next_word.group(1).islower():
        return False
    if punctuation.rstrip("\"'”’»)]") == ".":
        window_start = max(0, punct_start + 1 - _LOOK_BEHIND)
        before = line[window_start : punct_start + 1]
        word = _WORD_BEFORE.search(before)
        if word and word.group(1).lower() in _NAME_PREFIXES:
            return False
        if _LETTER_DOT_BEFORE.search(before):
            return False
        if before[-2:-1].isdigit() and _ordinal(before, line, end):
            return False
    return True


def _ordinal(before: str, line: str, end: int) -> bool:
    """"am 3. Juli", "den 14. des Monats", "le 14. Juillet": a number's full stop that marks an
    ordinal, told by the month after it or the article or preposition before it."""
    following = _NEXT_WORD_WHOLE.match(line, end)
    if following is not None and following.group(1).lower() in _MONTHS:
        return True
    return bool(_ORDINAL_BEFORE.search(before))

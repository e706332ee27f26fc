"""Build the French and German retrieval dev sets (qa-fr.json, qa-de.json) from questions_*.json.

The questions files hold [question, answer, evidence] triples and the spoiler probes; this
script places each evidence in the book's text by the convention of ../shared/eval/README.md
(its extract.py), checks that it occurs exactly once and that each probe's forbidden phrases
first occur well after the boundary with no 6-word shingle earlier, and writes the set in the
format score_retrieval.py reads. The books come from scripts/tei_to_epub.py:

    python scripts/tei_to_epub.py ELTeC-fra/level1/FRA01302_Flaubert.xml \\
        /work/langcorpus/gustave-flaubert_madame-bovary.epub
    python scripts/tei_to_epub.py ELTeC-deu/level1/DEU052.xml \\
        /work/langcorpus/johanna-spyri_heidis-lehr-und-wanderjahre.epub
    python -m benchmarks.langsets.make_qa --corpus /work/langcorpus --extract ../shared/eval
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
CONVENTION = ("Text and positions as in shared/eval/README.md (extract.py); evidence_word_offset "
              "is the word offset of the match start, evidence_percent 100*offset/total_words.")


def _module(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _plain(text: str) -> str:
    return text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')


def _shingles(text: str, n: int, normalise: Any) -> set[str]:
    words = normalise(text).split()
    return {" ".join(words[i : i + n]) for i in range(len(words) - n + 1)}


def build(language: str, corpus: Path, extract: ModuleType, scorer: ModuleType) -> dict[str, Any]:
    source = json.loads((HERE / f"questions_{language}.json").read_text(encoding="utf-8"))
    book = source["book"]
    text, _ = extract.extract(str(corpus / book))
    plain = _plain(text)
    total = len(text.split())
    key = book.split("_")[0]
    questions = []
    for number, (question, answer, evidence) in enumerate(source["questions"], start=1):
        hits = [m.start() for m in re.finditer(re.escape(_plain(evidence)), plain)]
        if len(hits) != 1:
            raise SystemExit(f"{language}-q{number:02d}: evidence found {len(hits)} times")
        words = len(evidence.split())
        if not 12 <= words <= 45:
            raise SystemExit(f"{language}-q{number:02d}: evidence of {words} words")
        offset = len(text[: hits[0]].split())
        questions.append({
            "id": f"{key}-q{number:02d}", "book": book, "question": question, "answer": answer,
            "evidence": evidence, "evidence_percent": round(100 * offset / total, 3),
            "evidence_word_offset": offset,
        })
    questions.sort(key=lambda q: q["evidence_word_offset"])
    for number, item in enumerate(questions, start=1):
        item["id"] = f"{key}-q{number:02d}"
    probes = []
    for number, (boundary, question, forbidden) in enumerate(source["probes"], start=1):
        for phrase in forbidden:
            hits = [m.start() for m in re.finditer(re.escape(_plain(phrase)), plain)]
            if not hits:
                raise SystemExit(f"{language}-p{number:02d}: forbidden phrase not found: {phrase}")
            first = 100 * len(text[: hits[0]].split()) / total
            if first < boundary + 2.5:
                raise SystemExit(f"{language}-p{number:02d}: '{phrase}' at {first:.1f}%")
            earlier = " ".join(text.split()[: int(total * boundary / 100)])
            if _shingles(phrase, 6, scorer.normalise) & _shingles(earlier, 6, scorer.normalise):
                raise SystemExit(f"{language}-p{number:02d}: '{phrase}' shares words before it")
        probes.append({"id": f"{key}-p{number:02d}", "book": book, "boundary_percent": boundary,
                       "question": question, "forbidden": forbidden})
    return {"convention": CONVENTION, "language": language, "source": source["tei"],
            "books": {key: {"file": book, "total_words": total}},
            "questions": questions, "probes": probes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=Path("/work/langcorpus"))
    parser.add_argument("--extract", type=Path, default=HERE.parents[2] / "shared" / "eval",
                        help="the folder of shared/eval (extract.py, score_retrieval.py)")
    args = parser.parse_args(argv)
    extract = _module(args.extract / "extract.py", "extract")
    scorer = _module(args.extract / "score_retrieval.py", "score_retrieval")
    for language in ("fr", "de"):
        data = build(language, args.corpus, extract, scorer)
        out = HERE / f"qa-{language}.json"
        out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"{out.name}: {len(data['questions'])} questions, {len(data['probes'])} probes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""OCR of the real Pepper&Carrot episodes against their transcripts (see transcripts.py)."""

from __future__ import annotations

import statistics

import pytest

from tests.unit.comics.conftest import CorpusEpisode
from tests.unit.comics.transcripts import dialogue_word_recall, score_episode

pytestmark = pytest.mark.slow

MAX_DIALOGUE_CER = 0.15


def test_every_corpus_page_is_read_and_none_is_skipped(
    corpus_episodes: list[CorpusEpisode],
) -> None:
    for episode in corpus_episodes:
        assert episode.texts.skipped == ()
        assert len(episode.texts.pages) in (5, 8)
        median = statistics.median(episode.seconds_per_page)
        print(f"{episode.path.name}: {len(episode.seconds_per_page)} pages, "
              f"median {median:.2f} s/page")


@pytest.mark.parametrize("index", [0, 1], ids=["episode-1", "episode-2"])
def test_dialogue_character_error_rate_stays_under_15_percent(
    corpus_episodes: list[CorpusEpisode], index: int
) -> None:
    episode = corpus_episodes[index]
    score = score_episode(episode.texts, episode.transcript)
    print(f"{score.episode}: CER {score.cer:.2%} over {score.blocks} dialogue blocks "
          f"({score.errors}/{score.reference_chars} characters)")
    assert score.blocks >= 6
    assert score.cer < MAX_DIALOGUE_CER


def test_dialogue_lands_in_the_page_text_in_reading_order(
    corpus_episodes: list[CorpusEpisode],
) -> None:
    texts = corpus_episodes[0].texts
    # Page 3 of episode 1 (index 2): narration at the top, then the second panel's bubble.
    page = texts.page(2)
    assert page is not None
    text = page.text
    assert text.index("and the last touch") < text.index("probably not strong enough")
    refusal = texts.page(3)
    assert refusal is not None and "Don't even think about it" in refusal.text.replace("’", "'")


def test_sound_effects_stay_apart_from_the_dialogue(corpus_episodes: list[CorpusEpisode]) -> None:
    page = corpus_episodes[0].texts.page(2)
    assert page is not None
    plops = [block for block in page.blocks if "PLOP" in block.text]
    assert plops, "the PLOP sound effects were not read"
    assert all(block.text == "PLOP" for block in plops)


def test_potion_labels_stay_out_and_every_dialogue_word_stays(
    corpus_episodes: list[CorpusEpisode],
) -> None:
    for episode in corpus_episodes:  # 30 and 33 words: every one of them before the filter too
        found, total = dialogue_word_recall(episode.texts, episode.transcript)
        print(f"{episode.path.name}: dialogue word recall {found}/{total}")
        assert total >= 30 and found == total
    labels = corpus_episodes[1].texts.page(3)  # episode 2, the potion cabinet
    assert labels is not None
    for junk in ("DEEPGESA", "AVIOLEINT", "ORANNE", "VIOL6", "DCCA"):
        assert junk not in labels.text
    assert "tok" in labels.text  # a sound effect read well stays

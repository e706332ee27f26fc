"""Series recaps: reading volume 2, the recap is made from volume 1's chapters and nothing else."""

from __future__ import annotations

from pathlib import Path

from reader_app.books.model import Locator, Series
from reader_app.books.shelf.library import Library
from reader_app.rag.companion.features import Companion
from reader_app.rag.model.gateway import ModelGateway
from reader_app.store.db import connect
from tests.fakes.fake_ollama import FakeOllama, RecordedRequest, Reply
from tests.unit.rag.markerbooks import MARKER, marker_book


def echo(request: RecordedRequest) -> Reply:
    found = sorted({m.group(0) for m in MARKER.finditer(request.message_text())})
    return Reply("Recap of " + " ".join(found))


def test_series_recap_reads_only_earlier_volumes(
    library_home: Path, fake_ollama: FakeOllama
) -> None:
    fake_ollama.reply_with(echo)
    conn = connect(library_home)
    library = Library(conn, library_home)
    volumes = [marker_book(volume=n, sections=3, blocks_per_section=2,
                           series=Series("Saga", float(n))) for n in (1, 2, 3)]
    for volume in volumes:
        library.add(volume.book)
    v1, v2, v3 = (v.book for v in volumes)
    companion = Companion(conn, gateway=ModelGateway(host=fake_ollama.url, model="qwen2.5:3b"))
    all_volumes = {b.book_id: b for b in (v1, v2, v3)}

    library.set_boundary(v1.book_id, Locator(1, 1, 10))
    assert companion.series_recap(v1, all_volumes) == ""  # a first volume has nothing earlier
    assert not fake_ollama.model_calls()

    library.set_boundary(v2.book_id, Locator(0, 1, 10))
    recap = companion.series_recap(v2, all_volumes)
    sent = " ".join(r.message_text() for r in fake_ollama.model_calls())
    tags = {m.group(1) for m in MARKER.finditer(sent)}
    assert tags == {"v1"}, "only volume 1 reaches the model"
    assert {m.group(1) for m in MARKER.finditer(recap)} == {"v1"}
    # Every chapter of volume 1 is summarised, each from its own text only.
    chapter_calls = [r for r in fake_ollama.model_calls() if "Summarise this chapter" in
                     r.message_text()]
    assert len(chapter_calls) == 3
    for call in chapter_calls:
        sections = {int(m.group(2)) // 6 for m in MARKER.finditer(call.message_text())}
        assert len(sections) == 1

    # Reading volume 3 later makes its own recap; volume 2's recap never covers volume 3.
    fake_ollama.clear()
    library.set_boundary(v3.book_id, Locator(0, 1, 10))
    recap3 = companion.series_recap(v3, all_volumes)
    assert {m.group(1) for m in MARKER.finditer(recap3)} <= {"v1", "v2"}
    assert companion.series_recap(v2, all_volumes) == recap
    conn.close()

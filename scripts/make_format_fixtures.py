"""Books in the formats of issue 42, made from the corpus by the tools readers use.

Comics: a CBZ's members repacked as CBR (RARLAB's `rar`: RAR 5, and RAR 4 where the `rar` given
still writes it, as 6.x does with -ma4), CB7 (libarchive's 7-Zip writer) and CBT (Python's
tarfile). The tests call these functions on the corpus into a temporary folder; run as a script to
make the committed tiny RAR fixtures again:

    python -m scripts.make_format_fixtures comics tests/fixtures/comics [--rar4 /path/to/rar6]

and the small Pepper&Carrot CBZ with its RAR 5 and RAR 4 twins (tests/fixtures/comics/README.md):

    python -m scripts.make_format_fixtures comic-twins tests/fixtures/comics --rar4 /path/to/rar6

MOBI: calibre's three Kindle outputs of each corpus book into OUT ($PAGEMATE_FORMATS or
/tmp/pagemate-formats, where the tests that need them look, skipping when they are absent):
`<name>.mobi` (MOBI 6, `--mobi-file-type old`), `<name>.azw3` (KF8) and `<name>.both.mobi` (a
joint MOBI 6 + KF8 file, calibre's default). The committed fixtures (tests/fixtures/mobi/) are
Jekyll and Hyde's MOBI 6 and AZW3, a joint file of a small generated book with a picture and a
footnote link, the marker book (tests/unit/books/mobigen.py writes it as MOBI 6) as AZW3, and an
AZW3 with an embedded font (DejaVu Sans Mono, subset by calibre):

    python -m scripts.make_format_fixtures mobi [OUT]
    python -m scripts.make_format_fixtures mobi-fixtures
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Mapping
from pathlib import Path

PASSWORD = "pagemate"  # the committed encrypted fixtures' password
ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "epub"
OUT = Path(os.environ.get("PAGEMATE_FORMATS", "/tmp/pagemate-formats"))
JEKYLL = "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub"
MOBI_FIXTURES = ROOT / "tests" / "fixtures" / "mobi"


def zip_members(cbz: Path) -> dict[str, bytes]:
    """A CBZ's files, name -> bytes, in the archive's order (folders left out)."""
    with zipfile.ZipFile(cbz) as archive:
        return {i.filename: archive.read(i) for i in archive.infolist() if not i.is_dir()}


def write_cbt(members: Mapping[str, bytes], target: Path) -> Path:
    """A POSIX tar of the members, as `tar cf` writes one."""
    with tarfile.open(target, "w", format=tarfile.PAX_FORMAT) as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = 1_400_000_000
            archive.addfile(info, io.BytesIO(data))
    return target


def write_cb7(members: Mapping[str, bytes], target: Path) -> Path:
    """A 7-Zip archive of the members (LZMA, one solid block, as 7-Zip makes by default)."""
    import libarchive

    with libarchive.file_writer(str(target), "7zip") as archive:
        for name, data in members.items():
            archive.add_file_from_memory(name, len(data), data)
    return target


def rar_writes(rar: str, version: int) -> bool:
    """Whether the `rar` program can write this RAR version (7.x dropped RAR 4)."""
    if shutil.which(rar) is None:
        return False
    if version == 5:
        return True
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "x").write_bytes(b"x")
        done = subprocess.run(
            [rar, "a", "-ma4", "-idq", "x.rar", "x"], cwd=folder, capture_output=True, check=False
        )
        made = Path(folder) / "x.rar"
        return done.returncode == 0 and made.read_bytes()[:7] == b"Rar!\x1a\x07\x00"


def write_cbr(
    members: Mapping[str, bytes],
    target: Path,
    *,
    version: int = 5,
    rar: str = "rar",
    password: str = "",
    hide_names: bool = False,
) -> Path:
    """A RAR archive of the members, by RARLAB's own `rar` (nothing else writes RAR)."""
    options = ["-ma4"] if version == 4 else []
    if password:
        options.append(f"-{'hp' if hide_names else 'p'}{password}")
    return _pack([rar, "a", "-idq", "-r", *options], members, target)


def write_secret_cb7(
    members: Mapping[str, bytes], target: Path, *, password: str, hide_names: bool = False
) -> Path:
    """A password-protected 7-Zip archive, by 7-Zip itself (libarchive cannot encrypt)."""
    seven = shutil.which("7zz") or shutil.which("7z") or "7z"
    options = [f"-p{password}", f"-mhe={'on' if hide_names else 'off'}"]
    return _pack([seven, "a", "-bso0", *options], members, target)


def _pack(command: list[str], members: Mapping[str, bytes], target: Path) -> Path:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "members"
        for name, data in members.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        out = Path(folder) / f"out{target.suffix}"
        subprocess.run([*command, str(out), *members], cwd=root, check=True)
        shutil.move(out, target)
    return target


def tiny_comic_members() -> dict[str, bytes]:
    """Three small pages, numbered so that only a natural sort orders them, and ComicInfo."""
    from PIL import Image, ImageDraw

    members: dict[str, bytes] = {}
    for number, colour in ((10, "navy"), (2, "darkred"), (1, "darkgreen")):
        image = Image.new("RGB", (120, 180), colour)
        ImageDraw.Draw(image).text((20, 80), f"PAGE {number}", fill="white")
        buffer = io.BytesIO()
        image.save(buffer, "PNG", optimize=True)
        members[f"pages/p{number}.png"] = buffer.getvalue()
    members["ComicInfo.xml"] = (
        b"<?xml version='1.0' encoding='utf-8'?><ComicInfo><Title>Tiny RAR</Title>"
        b"<Series>Fixtures</Series><Number>4</Number><Writer>Pagemate tests</Writer>"
        b"<LanguageISO>en</LanguageISO><Pages><Page Image='1' DoublePage='True'/></Pages>"
        b"</ComicInfo>"
    )
    return members


def make_comics(out: Path, *, rar4: str = "rar") -> None:
    """The committed tiny RAR 4 and RAR 5 comics, and password-protected RAR and 7z ones (plain
    7z and tar are made by the tests themselves)."""
    out.mkdir(parents=True, exist_ok=True)
    members = tiny_comic_members()
    write_cbr(members, out / "tiny-rar5.cbr", version=5)
    write_cbr(members, out / "tiny-rar4.cbr", version=4, rar=rar4)
    for version, path in ((5, "rar"), (4, rar4)):
        write_cbr(members, out / f"secret-rar{version}.cbr", version=version, rar=path,
                  password=PASSWORD)
        write_cbr(members, out / f"secret-names-rar{version}.cbr", version=version, rar=path,
                  password=PASSWORD, hide_names=True)
    write_secret_cb7(members, out / "secret.cb7", password=PASSWORD)
    write_secret_cb7(members, out / "secret-names.cb7", password=PASSWORD, hide_names=True)


PEPPER1 = CORPUS.parent / "comics" / "pepper-and-carrot_ep01_potion-of-flight.cbz"
TWINS = "pepper-ep01-small"  # the committed CBZ and its RAR 5 and RAR 4 twins: TWINS.cbz, ...
TWIN_PAGES = ("001.jpg", "002.jpg", "003.jpg")  # the title strip and two lettered story pages


def small_pepper_members(cbz: Path = PEPPER1) -> dict[str, bytes]:
    """Pepper&Carrot episode 1's title strip and first two story pages at half size (JPEG
    quality 70; OCR still reads every bubble) with its ComicInfo, pages counted again."""
    import re

    from PIL import Image

    members: dict[str, bytes] = {}
    with zipfile.ZipFile(cbz) as archive:
        for number, name in enumerate(TWIN_PAGES):
            image = Image.open(io.BytesIO(archive.read(name))).convert("RGB")
            image = image.resize((image.width // 2, image.height // 2), Image.Resampling.LANCZOS)
            buffer = io.BytesIO()
            image.save(buffer, "JPEG", quality=70, optimize=True)
            members[f"{number:03d}.jpg"] = buffer.getvalue()
        info = archive.read("ComicInfo.xml").decode()
    cover = ' Type="FrontCover"'
    pages = "".join(f'\n    <Page Image="{i}"{cover if i == 0 else ""} />'
                    for i in range(len(TWIN_PAGES)))
    info = re.sub(r"<Pages>.*</Pages>", f"<Pages>{pages}\n  </Pages>", info, flags=re.S)
    info = re.sub(r"<PageCount>\d+</PageCount>", f"<PageCount>{len(TWIN_PAGES)}</PageCount>",
                  info)
    members["ComicInfo.xml"] = info.replace(
        "</Notes>", " Cut for Pagemate's tests: three pages at half size.</Notes>").encode()
    return members


def make_comic_twins(out: Path, *, rar4: str = "rar") -> list[Path]:
    """The committed small Pepper&Carrot CBZ and its CBR twins (RAR 5 and RAR 4), holding the
    very same members, so the CBR's pages and OCR can be held to the CBZ's without `rar`."""
    members = small_pepper_members()
    cbz = out / f"{TWINS}.cbz"
    with zipfile.ZipFile(cbz, "w", zipfile.ZIP_STORED) as archive:
        for name, data in members.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2014, 5, 4, 0, 0, 0)), data)
    return [cbz, write_cbr(members, out / f"{TWINS}-rar5.cbr", version=5),
            write_cbr(members, out / f"{TWINS}-rar4.cbr", version=4, rar=rar4)]


# -- MOBI and AZW3 ---------------------------------------------------------------------------------


def convert(epub: Path, target: Path, *options: str) -> Path:
    """`ebook-convert epub target options...`; the output format follows target's suffix."""
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["ebook-convert", str(epub), str(target), *options],
        check=True, capture_output=True, timeout=900,
    )  # fmt: skip
    return target


def make_mobi(epub: Path, out: Path) -> list[Path]:
    """<name>.mobi (MOBI 6), <name>.azw3 (KF8) and <name>.both.mobi (joint MOBI 6 + KF8)."""
    return [
        convert(epub, out / f"{epub.stem}.mobi", "--mobi-file-type", "old"),
        convert(epub, out / f"{epub.stem}.azw3"),
        convert(epub, out / f"{epub.stem}.both.mobi", "--mobi-file-type", "both"),
    ]


def small_epub(path: Path) -> Path:
    """A three-chapter EPUB with a picture, a footnote link and a nested contents entry."""
    sys.path.insert(0, str(ROOT))
    from tests.unit.books.epubgen import image_bytes, make_epub, xhtml

    chapters = {
        "one.xhtml": xhtml(
            '<h1>Chapter One</h1><p>The lantern burned by the river.<a href="three.xhtml#note1">'
            '<sup>1</sup></a></p><p><img src="pic.png" alt="A red square"/></p>'
            '<h2 id="part-two">A Second Part</h2><p>The ferryman <i>waited</i> all night.</p>'
        ),
        "two.xhtml": xhtml("<h1>Chapter Two</h1><p>Morning came over the water at last.</p>"),
        "three.xhtml": xhtml('<h1>Notes</h1><p id="note1">1. The lantern was brass.</p>'),
    }
    toc = [("Chapter One", "one.xhtml"), ("Chapter Two", "two.xhtml"), ("Notes", "three.xhtml")]
    return make_epub(
        path, chapters, extra={"OEBPS/pic.png": image_bytes(size=(120, 80))}, toc=toc
    )


def font_epub(path: Path) -> Path:
    """A one-chapter EPUB whose paragraph is set in an embedded font (DejaVu Sans Mono)."""
    sys.path.insert(0, str(ROOT))
    from tests.unit.books.epubgen import make_epub, xhtml

    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
    css = ('@font-face { font-family: "Lantern Mono"; src: url(mono.ttf); } '
           'p.mono { font-family: "Lantern Mono", monospace; }')
    chapter = xhtml('<h1>Fonts</h1><p class="mono">The lantern in a font of its own.</p>')
    chapter = chapter.replace("</title>", '</title><link rel="stylesheet" href="style.css"/>')
    extra = {"OEBPS/style.css": css, "OEBPS/mono.ttf": font.read_bytes()}
    return make_epub(path, {"one.xhtml": chapter}, extra=extra)


def make_mobi_fixtures() -> list[Path]:
    MOBI_FIXTURES.mkdir(parents=True, exist_ok=True)
    made = []
    with tempfile.TemporaryDirectory() as tmp:
        jekyll = make_mobi(CORPUS / JEKYLL, Path(tmp))
        for path, name in ((jekyll[0], "jekyll.mobi"), (jekyll[1], "jekyll.azw3")):
            made.append(Path(shutil.copyfile(path, MOBI_FIXTURES / name)))
        small = small_epub(Path(tmp) / "small.epub")
        made.append(convert(small, MOBI_FIXTURES / "small-joint.mobi", "--mobi-file-type", "both"))
        shutil.copyfile(small, MOBI_FIXTURES / "small.epub")
        made.append(MOBI_FIXTURES / "small.epub")
        from tests.unit.books.mobigen import marker_mobi

        markers = marker_mobi(Path(tmp) / "markers.mobi")
        made.append(convert(markers, MOBI_FIXTURES / "markers.azw3"))
        fonts = font_epub(Path(tmp) / "font.epub")
        made.append(convert(fonts, MOBI_FIXTURES / "font.azw3", "--subset-embedded-fonts"))
    return made


MAKERS = (make_mobi,)  # each writes its formats of one corpus book into a folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=["comics", "comic-twins", "mobi", "mobi-fixtures"])
    parser.add_argument("out", type=Path, nargs="?", default=OUT)
    parser.add_argument("--rar4", default="rar", help="a rar that still writes RAR 4 (6.x)")
    arguments = parser.parse_args()
    if arguments.kind == "comics":
        make_comics(arguments.out, rar4=arguments.rar4)
        return
    if arguments.kind == "comic-twins":
        for path in make_comic_twins(arguments.out, rar4=arguments.rar4):
            print(path, path.stat().st_size)
        return
    if shutil.which("ebook-convert") is None:
        sys.exit("ebook-convert is not installed (scripts/install-bench-peers.sh installs calibre)")
    made = (make_mobi_fixtures() if arguments.kind == "mobi-fixtures" else
            [p for epub in sorted(CORPUS.glob("*.epub")) for p in make_mobi(epub, arguments.out)])
    for path in made:
        print(path)


if __name__ == "__main__":
    main()

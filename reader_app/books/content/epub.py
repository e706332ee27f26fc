"""EPUB 2 and 3 into the book model: container, DRM, spine documents, links, TOC; the package
document (manifest, spine order, metadata, cover) is read by `books/content/opf.py`.

Spine choice: linear spine items are the reading order (in spine order); `linear="no"` items are
auxiliary content (pop-up notes, answer keys): they become sections after all the linear ones,
marked `linear=False`, reached only through links and the TOC. They are not part of the reading
order the boundary advances through, nor of progress. A book whose spine is entirely non-linear
is read whole, in spine order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote

from reader_app.books.content.epub_toc import (
    AnchorTable,
    anchor_table,
    locate,
    read_toc,
    titled,
    toc_from_headings,
)
from reader_app.books.content.opf import (
    CONTENT_TYPES,
    IMAGE_TYPES_PREFIX,
    ManifestItem,
    Package,
    find_cover,
    image_fallbacks,
    read_metadata,
    read_package,
)
from reader_app.books.content.salvage import salvage_blocks
from reader_app.books.content.xhtml import ParsedDocument, parse_document
from reader_app.books.files.budget import BookBudget, count_elements, expansion_allowance
from reader_app.books.files.safezip import SafeZip, ZipResourceLoader
from reader_app.books.files.xmlsafe import DocumentBeyondLimitsError, local_name, parse_xml
from reader_app.books.model import (
    Block,
    BlockKind,
    Book,
    Locator,
    Section,
)
from reader_app.books.typography.embedded_fonts import embedded_fonts
from reader_app.books.typography.stylesheets import StyleSheets
from reader_app.errors import BookError, DrmProtectedError
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, note, sentence

CONTAINER = "META-INF/container.xml"
ENCRYPTION = "META-INF/encryption.xml"
XMLENC_NS = "http://www.w3.org/2001/04/xmlenc#"
# Font obfuscation only scrambles embedded fonts; the text stays readable.
FONT_OBFUSCATION = frozenset(
    {"http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"}
)
def read_epub(path: Path, *, book_id: str) -> Book:
    """Parse the EPUB at `path`. Raises BookError (and subclasses) with a reader-facing reason."""
    notes: list[Sentence] = []
    with SafeZip(path) as archive:
        reject_drm(archive)
        package = read_package(archive, _package_document_name(archive), notes)
        sheets = StyleSheets(archive.read)
        documents = _read_spine(archive, package, notes, sheets)
        anchors = anchor_table(documents)
        for original, shown in package.replaced:  # its own ids are in a document not shown
            if shown in anchors:
                anchors.setdefault(original, (anchors[shown][0], {}))
        sections = [
            resolve_links(index, member, parsed, anchors)
            for index, (member, parsed) in enumerate(documents)
        ]
        sections = [replace(s, linear=s.index < len(package.spine)) for s in sections]
        toc = read_toc(
            archive,
            items=package.manifest.values(),
            ncx=package.ncx,
            anchors=anchors,
            notes=notes,
        ) or toc_from_headings(documents)
        sections = titled(sections, toc, [parsed.first_heading for _, parsed in documents])
        metadata = read_metadata(package, path)
        cover = find_cover(archive, package)
        fonts = embedded_fonts(archive, package.root, sheets.font_faces)
    return Book(
        book_id=book_id,
        path=path,
        format="epub",
        metadata=metadata,
        sections=tuple(sections),
        toc=toc,
        cover=cover,
        load_resource=ZipResourceLoader(path),
        notes=tuple(notes),
        inline_resources={k: v for _, parsed in documents for k, v in parsed.resources.items()},
        fonts=fonts,
    )


# -- container, DRM, package --------------------------------------------------------------------


def reject_drm(archive: SafeZip) -> None:
    """Raise DrmProtectedError if the book's content (not just its fonts) is encrypted."""
    if "META-INF/rights.xml" in archive or "META-INF/sinf.xml" in archive:
        raise _drm(archive.path)
    if ENCRYPTION not in archive:
        return
    root = parse_xml(archive.read(ENCRYPTION), path=archive.path, member=ENCRYPTION)
    for method in root.iter(f"{{{XMLENC_NS}}}EncryptionMethod"):
        if method.get("Algorithm", "").strip() not in FONT_OBFUSCATION:
            raise _drm(archive.path)


def _drm(path: Path) -> DrmProtectedError:
    return DrmProtectedError(path, sentence(QT_TRANSLATE_NOOP(
        "Errors", "this book is protected by DRM (its text is encrypted), so Pagemate cannot "
        "read it. Open it in the app it was bought for, or get a DRM-free copy.")))


def _package_document_name(archive: SafeZip) -> str:
    if CONTAINER not in archive:
        raise BookError(archive.path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it has no {container}, so it is not a valid EPUB (the file may be "
            "damaged)."), container=CONTAINER))
    root = parse_xml(archive.read(CONTAINER), path=archive.path, member=CONTAINER)
    rootfiles = [el for el in root.iter() if local_name(el) == "rootfile" and el.get("full-path")]
    preferred = [el for el in rootfiles if el.get("media-type") == "application/oebps-package+xml"]
    candidates = preferred or rootfiles
    if not candidates:
        raise BookError(archive.path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "its {container} names no package document (OPF)."), container=CONTAINER))
    name = unquote(str(candidates[0].get("full-path"))).lstrip("/")
    if name not in archive:
        raise BookError(
            archive.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "its package document “{name}” is missing (the file is damaged)."),
                name=name)
        )
    return name


# -- spine and links ----------------------------------------------------------------------------


def _read_spine(
    archive: SafeZip, package: Package, notes: list[Sentence], sheets: StyleSheets
) -> list[tuple[str, ParsedDocument]]:
    documents: list[tuple[str, ParsedDocument]] = []
    budget = BookBudget(archive.path)
    unlisted: set[str] = set()
    has_image = _listed_images(archive, package, unlisted)
    parsed: dict[str, ParsedDocument] = {}
    fallback = image_fallbacks(package.manifest)
    allowance = expansion_allowance(archive.path)
    left_out = 0
    for item in (*package.spine, *package.auxiliary):
        if item.member in parsed:  # listed again in the spine: shown again, parsed once
            again = parsed[item.member]
            characters = sum(len(b.text) for b in again.blocks)
            if budget.characters + characters > allowance:
                left_out += 1  # amplification: the file is small, its repeats are not
                continue
            budget.spend(elements=0, characters=characters)
            documents.append((item.member, again))
            continue
        if item.member not in archive and item in package.auxiliary:
            continue  # a missing note costs its links, never the book
        if item.member not in archive:
            raise BookError(
                archive.path,
                sentence(QT_TRANSLATE_NOOP(
                    "Errors", "its chapter file “{member}” is missing (the file is damaged or "
                    "incomplete)."), member=item.member),
            )
        parsed[item.member] = _read_document(
            archive, item, budget, sheets, notes, fallback, has_image
        )
        documents.append((item.member, parsed[item.member]))
    if left_out:
        notes.append(note(QT_TRANSLATE_NOOP(
            "BookNotes", "The book lists its chapters again so often that its text would grow "
            "to over {limit} characters, far beyond its file's size; {count} repeated "
            "chapter(s) were left out."), limit=allowance, count=left_out))
    if unlisted:
        first = min(unlisted).rsplit("/", 1)[-1]
        notes.append(note(QT_TRANSLATE_NOOP(
            "BookNotes", "A picture the book's manifest does not list is not shown (“{first}”)."),
            first=first) if len(unlisted) == 1 else note(QT_TRANSLATE_NOOP(
            "BookNotes", "Pictures the book's manifest does not list are not shown (“{first}” and "
            "{count} more)."), first=first, count=len(unlisted) - 1))
    return documents


def _listed_images(
    archive: SafeZip, package: Package, unlisted: set[str]
) -> Callable[[str], bool]:
    """Whether a page may show a picture (or link a sound): only resources the manifest lists are
    part of the book (the EPUB rule). One the container holds but the manifest does not list is
    left out and added to `unlisted`, so the reader can be told."""
    listed = {i.member for i in package.manifest.values()}

    def check(member: str) -> bool:
        if member in listed:
            return member in archive
        if member in archive:
            unlisted.add(member)
        return False

    return check


def _read_document(
    archive: SafeZip,
    item: ManifestItem,
    budget: BookBudget,
    sheets: StyleSheets,
    notes: list[Sentence],
    fallback: Callable[[str], str],
    has_image: Callable[[str], bool],
) -> ParsedDocument:
    if item.media_type.startswith(IMAGE_TYPES_PREFIX):
        block = Block(kind=BlockKind.IMAGE, image=item.member)
        return ParsedDocument(blocks=(block,), anchors={}, links=(), first_heading="")
    data = archive.read(item.member)
    if item.media_type not in CONTENT_TYPES and not data.lstrip().startswith(b"<"):
        return ParsedDocument(blocks=(), anchors={}, links=(), first_heading="")
    try:
        root = parse_xml(data, path=archive.path, member=item.member, html_fallback=True)
    except DocumentBeyondLimitsError:
        blocks = salvage_blocks(data)
        budget.spend(elements=len(blocks), characters=sum(len(b.text) for b in blocks))
        notes.append(note(QT_TRANSLATE_NOOP(
            "BookNotes", "“{member}” is nested too deeply or has a paragraph too long to lay "
            "out; its text is shown as plain paragraphs, without formatting, links or images."),
            member=item.member))
        return ParsedDocument(blocks=blocks, anchors={}, links=(), first_heading="")
    budget.spend(elements=count_elements(root), characters=0)
    parsed = parse_document(
        root,
        name=item.member,
        has_member=has_image,
        sheets=sheets,
        image_fallback=fallback,
    )
    budget.spend(elements=0, characters=sum(len(b.text) for b in parsed.blocks))
    notes.extend(parsed.notes)
    return parsed


def resolve_links(
    index: int, member: str, parsed: ParsedDocument, anchors: AnchorTable
) -> Section:
    """The document's blocks with each internal link's target put in its span. A block's spans
    are copied once whatever its number of links: a copy per link made a paragraph of 20,000
    nested note references cost 25 CPU s on every open."""
    targets: dict[int, dict[int, Locator]] = {}  # block -> span -> target
    for link in parsed.links:
        target = locate(anchors, link.member, link.fragment)
        if target is not None:
            targets.setdefault(link.block, {})[link.span] = target
    blocks = list(parsed.blocks)
    for block_index, by_span in targets.items():
        spans = list(blocks[block_index].spans)
        for span_index, target in by_span.items():
            spans[span_index] = replace(spans[span_index], target=target)
        blocks[block_index] = replace(blocks[block_index], spans=tuple(spans))
    return Section(index=index, name=member, title="", blocks=tuple(blocks))

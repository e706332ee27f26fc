"""PDF documents into the book model through PDFium (pypdfium2): one section per page, drawn on
demand; the outline as contents, page labels as page titles, metadata.

Opening reads only the document's catalogue (page count, outline, labels, metadata): no page is
loaded, so a 1,000-page PDF opens as fast as a 10-page one. Pages are drawn and their text read
later, page by page, through the book's `PdfPages` (its `load_resource`): the view draws them in a
worker thread at the window's size, and the preparation pipeline reads the text layer
(`books/opening/pdf_text.py`) in the background.

PDFium is not thread-safe, not even across documents: every call into it holds `PDFIUM_LOCK`.
"""

from __future__ import annotations

import io
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reader_app.books.model import Block, BlockKind, Book, Locator, Metadata, Section, TocEntry
from reader_app.errors import BookError, BookTooLargeError
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, sentence

log = logging.getLogger(__name__)

# One lock for the whole process: PDFium keeps global state, so two documents drawn at once in two
# threads can crash it. Held only for one call (a page drawn, a page's text read), never for long.
PDFIUM_LOCK = threading.RLock()

PAGE_PREFIX = "pdf-page/"
MAX_PDF_BYTES = 1 << 30  # 1 GiB: more than any book a reader keeps (scanned ones included)
MAX_PAGES = 20_000
MAX_OUTLINE_ENTRIES = 10_000
MAX_OUTLINE_DEPTH = 12
# A page is never drawn larger than this (a poster-sized page at "actual size" on a HiDPI screen)
MAX_RENDER_PIXELS = 40_000_000
MAX_RENDER_SIDE = 16_000
# The resolution pages are drawn at for OCR and covers (not for the screen, which asks its own)
RESOURCE_LONG_SIDE = 2000
SCREEN_DPI = 96.0  # "actual size": a point is 1/72 inch, a screen pixel 1/96


@dataclass(frozen=True, slots=True)
class RenderedPage:
    """A page drawn in RGBX (four bytes a pixel, the fourth unused), `stride` bytes a row."""

    page: int
    width: int
    height: int
    stride: int
    pixels: bytes


def page_name(index: int) -> str:
    return f"{PAGE_PREFIX}{index}"


def page_index(name: str) -> int | None:
    if not name.startswith(PAGE_PREFIX):
        return None
    try:
        return int(name[len(PAGE_PREFIX):])
    except ValueError:
        return None


def pdfium() -> Any:
    """The pypdfium2 module, imported on first use (it loads a native library)."""
    import pypdfium2

    return pypdfium2


class PdfPages:
    """The pages of one PDF file, kept open: their sizes, drawings and text layers.

    It is the book's `load_resource`: `pages("pdf-page/3")` is page 4 drawn as a PNG (for OCR
    and covers). Pickled (for another process), it becomes the file's path and opens again there.
    """

    def __init__(self, path: Path, *, document: Any = None,
                 sizes: tuple[tuple[float, float], ...] = ()) -> None:
        self.path = Path(path)
        self._document = document
        # Every page's size, read with the catalogue (no page loaded): asked on the UI thread,
        # which must never wait for the lock while a page is drawn.
        self._sizes: dict[int, tuple[float, float]] = dict(enumerate(sizes))
        self.pages_loaded = 0  # how many times a page was loaded (tests: opening loads none)

    def __reduce__(self) -> tuple[Any, ...]:
        return PdfPages, (self.path,)

    def document(self) -> Any:
        """The open document (opened again if this loader came from another process)."""
        with PDFIUM_LOCK:
            if self._document is None:
                self._document = open_document(self.path)
            return self._document

    def __len__(self) -> int:
        with PDFIUM_LOCK:
            return len(self.document())

    def __call__(self, name: str) -> bytes:
        index = page_index(name)
        if index is None:
            raise KeyError(name)
        width, height = self.page_size(index)
        factor = RESOURCE_LONG_SIDE / max(width, height, 1.0)
        drawn = self.render(index, width=round(width * factor), height=round(height * factor))
        from PIL import Image  # only here: opening a PDF needs no Pillow

        image = Image.frombuffer("RGBX", (drawn.width, drawn.height), drawn.pixels, "raw",
                                 "RGBX", drawn.stride, 1).convert("RGB")
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()

    def page_size(self, index: int) -> tuple[float, float]:
        """The page's width and height in points, as shown (its rotation applied)."""
        found = self._sizes.get(index)
        if found is not None:
            return found
        with PDFIUM_LOCK:
            try:
                width, height = self.document().get_page_size(index)
            except Exception as error:  # pdfium's own error for a broken page dictionary
                raise BookError(self.path, sentence(QT_TRANSLATE_NOOP(
                    "Errors", "page {page} is damaged ({detail})."),
                    page=index + 1, detail=str(error))) from error
        size = (max(float(width), 1.0), max(float(height), 1.0))
        self._sizes[index] = size
        return size

    def load_page(self, index: int) -> Any:
        """Page `index` loaded by PDFium; the caller holds PDFIUM_LOCK and closes it."""
        self.pages_loaded += 1
        try:
            return self.document()[index]
        except Exception as error:
            raise BookError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "page {page} is damaged ({detail})."),
                page=index + 1, detail=str(error))) from error

    def render(self, index: int, *, width: int, height: int) -> RenderedPage:
        """Page `index` drawn `width` x `height` pixels (capped), white under it, as PDFium draws
        it for the screen (forms and annotations included)."""
        width, height = render_size(width, height)
        with PDFIUM_LOCK:
            page = self.load_page(index)
            try:
                page_width, page_height = page.get_size()
                scale = min(width / max(page_width, 1.0), height / max(page_height, 1.0))
                bitmap = page.render(scale=scale, may_draw_forms=True, rev_byteorder=True,
                                     prefer_bgrx=True)
                try:
                    pixels = bytes(bitmap.buffer)
                    drawn = RenderedPage(index, bitmap.width, bitmap.height, bitmap.stride, pixels)
                finally:
                    bitmap.close()
            except BookError:
                raise
            except Exception as error:  # pdfium fails on a broken content stream
                raise BookError(self.path,
                                sentence(QT_TRANSLATE_NOOP(
                                    "Errors", "page {page} cannot be drawn ({detail})."),
                                    page=index + 1, detail=str(error))) from error
            finally:
                page.close()
        return drawn


@dataclass(frozen=True, slots=True)
class PdfLink:
    """A link on a page: where it is (points from the top-left) and where it goes."""

    box: tuple[float, float, float, float]
    page: int | None = None  # a page of this document
    uri: str = ""  # a web or mail address


MAX_LINKS_PER_PAGE = 2000


def page_mapping(page: Any, width: float, height: float) -> Callable[
        [float, float, float, float], tuple[float, float, float, float]]:
    """A map from a loaded page's own space (PDF points from the bottom-left of its media box)
    to points from the top-left of the page as it is drawn (its rotation and crop box applied):
    a rectangle (left, bottom, right, top) to (left, top, right, bottom). Held under the lock."""
    import ctypes

    raw = pdfium().raw
    fine = 16.0  # PDFium maps to whole device pixels: a 16th of a point is close enough
    size_x, size_y = max(round(width * fine), 1), max(round(height * fine), 1)

    def device(x: float, y: float) -> tuple[float, float]:
        dx, dy = ctypes.c_int(0), ctypes.c_int(0)
        raw.FPDF_PageToDevice(page, 0, 0, size_x, size_y, 0, ctypes.c_double(x),
                              ctypes.c_double(y), ctypes.byref(dx), ctypes.byref(dy))
        return dx.value / fine, dy.value / fine

    ox, oy = device(0.0, 0.0)
    ax, ay = device(1000.0, 0.0)
    bx, by = device(0.0, 1000.0)
    xx, xy, yx, yy = (ax - ox) / 1000, (ay - oy) / 1000, (bx - ox) / 1000, (by - oy) / 1000

    def mapped(left: float, bottom: float, right: float,
               top: float) -> tuple[float, float, float, float]:
        corners = [(ox + x * xx + y * yx, oy + x * xy + y * yy)
                   for x, y in ((left, bottom), (right, top))]
        return (min(c[0] for c in corners), min(c[1] for c in corners),
                max(c[0] for c in corners), max(c[1] for c in corners))

    return mapped


def page_links(pages: PdfPages, index: int) -> tuple[PdfLink, ...]:
    """The links on page `index` that go somewhere: another page, or an address."""
    import ctypes

    raw = pdfium().raw
    found: list[PdfLink] = []
    with PDFIUM_LOCK:
        document = pages.document()
        page = pages.load_page(index)
        try:
            shown = page_mapping(page, *page.get_size())
            position, link = ctypes.c_int(0), raw.FPDF_LINK()
            while len(found) < MAX_LINKS_PER_PAGE and raw.FPDFLink_Enumerate(
                    page, ctypes.byref(position), ctypes.byref(link)):
                rect = raw.FS_RECTF()
                if not raw.FPDFLink_GetAnnotRect(link, ctypes.byref(rect)):
                    continue
                box = shown(min(rect.left, rect.right), min(rect.top, rect.bottom),
                            max(rect.left, rect.right), max(rect.top, rect.bottom))
                target, uri = _link_target(raw, document, link)
                if target is not None or uri:
                    found.append(PdfLink(box, target, uri))
        finally:
            page.close()
    return tuple(found)


def _link_target(raw: Any, document: Any, link: Any) -> tuple[int | None, str]:
    import ctypes

    dest = raw.FPDFLink_GetDest(document, link)
    action = raw.FPDFLink_GetAction(link)
    if not dest and action and raw.FPDFAction_GetType(action) == raw.PDFACTION_GOTO:
        dest = raw.FPDFAction_GetDest(document, action)
    if dest:
        page = raw.FPDFDest_GetDestPageIndex(document, dest)
        return (page if page >= 0 else None), ""
    if action and raw.FPDFAction_GetType(action) == raw.PDFACTION_URI:
        needed = raw.FPDFAction_GetURIPath(document, action, None, 0)
        if 0 < needed <= 4096:
            buffer = ctypes.create_string_buffer(needed)
            raw.FPDFAction_GetURIPath(document, action, buffer, needed)
            uri = buffer.value.decode("utf-8", errors="replace")
            if uri.lower().startswith(("http://", "https://", "mailto:")):
                return None, uri
    return None, ""


def render_size(width: int, height: int) -> tuple[int, int]:
    """`width` x `height` brought within the render caps, keeping its shape."""
    width, height = max(int(width), 1), max(int(height), 1)
    factor = min(1.0, MAX_RENDER_SIDE / max(width, height),
                 (MAX_RENDER_PIXELS / (width * height)) ** 0.5)
    return max(int(width * factor), 1), max(int(height * factor), 1)


def pdf_pages(book: Book) -> PdfPages | None:
    """The open pages of a PDF book, or None for any other book."""
    loader = book.load_resource
    return loader if isinstance(loader, PdfPages) else None


def open_document(path: Path) -> Any:
    """Open the PDF at `path` with PDFium, or raise a BookError that says why not."""
    try:
        size = path.stat().st_size
    except OSError as error:
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "the file cannot be read ({detail})."),
            detail=str(error.strerror or error))) from error
    if size > MAX_PDF_BYTES:
        raise BookTooLargeError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it is larger than {mb} MB, far more than any book; it was not opened."),
            mb=MAX_PDF_BYTES >> 20))
    library = pdfium()
    with PDFIUM_LOCK:
        try:
            document = library.PdfDocument(str(path))
        except library.PdfiumError as error:
            raise BookError(path, _open_failure(error.err_code)) from error
        except (OSError, ValueError) as error:
            raise BookError(path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "the file cannot be read ({detail})."), detail=str(error))) from error
        count = len(document)
    if count <= 0:
        document.close()
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "the PDF has no pages; the file is damaged.")))
    if count > MAX_PAGES:
        document.close()
        raise BookTooLargeError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it has {count} pages, more than the {limit} any book has; it was not "
            "opened."), count=count, limit=MAX_PAGES))
    return document


def _open_failure(code: int | None) -> Sentence:
    raw = pdfium().raw
    if code == raw.FPDF_ERR_PASSWORD:
        return sentence(QT_TRANSLATE_NOOP(
            "Errors", "the PDF is protected by a password. Pagemate does not open "
            "password-protected PDFs; save an unprotected copy from the program that made it."))
    if code == raw.FPDF_ERR_SECURITY:
        return sentence(QT_TRANSLATE_NOOP(
            "Errors", "the PDF is locked with a security scheme Pagemate cannot open (DRM)."))
    if code == raw.FPDF_ERR_FORMAT:
        return sentence(QT_TRANSLATE_NOOP(
            "Errors", "the PDF is damaged (its structure cannot be read); it may be cut short."))
    if code == raw.FPDF_ERR_FILE:
        return sentence(QT_TRANSLATE_NOOP("Errors", "the file cannot be read or is not a PDF."))
    return sentence(QT_TRANSLATE_NOOP("Errors", "the PDF is damaged and cannot be read."))


def read_pdf(path: Path, *, book_id: str) -> Book:
    """Open the PDF at `path` as a paged book. Raises BookError with a reader-facing reason."""
    path = Path(path)
    document = open_document(path)
    with PDFIUM_LOCK:
        count = len(document)
        pages = PdfPages(path, document=document, sizes=_page_sizes(document, count))
        labels = _page_labels(document, count)
        metadata = _metadata(document, path)
        toc = _outline(document, count)
    sections = tuple(
        Section(index=index, name=page_name(index), title=_page_title(labels, index),
                blocks=(Block(kind=BlockKind.IMAGE, image=page_name(index)),))
        for index in range(count)
    )
    return Book(
        book_id=book_id,
        path=path,
        format="pdf",
        metadata=metadata,
        sections=sections,
        toc=toc,
        cover=page_name(0),
        load_resource=pages,
    )


def _page_sizes(document: Any, count: int) -> tuple[tuple[float, float], ...]:
    sizes: list[tuple[float, float]] = []
    for index in range(count):
        try:
            width, height = document.get_page_size(index)
            sizes.append((max(float(width), 1.0), max(float(height), 1.0)))
        except Exception:  # a broken page dictionary: drawn (or refused) when shown
            sizes.append(sizes[-1] if sizes else (612.0, 792.0))
    return tuple(sizes)


def _page_title(labels: tuple[str, ...], index: int) -> str:
    label = labels[index] if index < len(labels) else ""
    return f"Page {label}" if label else f"Page {index + 1}"


def _page_labels(document: Any, count: int) -> tuple[str, ...]:
    """Each page's label ("xii", "A-3"), "" where the PDF gives none. One read of the label
    tree per page, no page loaded."""
    try:
        labels = tuple(str(document.get_page_label(i) or "").strip() for i in range(count))
    except Exception as error:  # a broken label tree: plain numbers instead
        log.warning("PDF page labels unreadable: %s", error)
        return ()
    return labels if any(labels) else ()


def _metadata(document: Any, path: Path) -> Metadata:
    try:
        info = document.get_metadata_dict(skip_empty=True)
    except Exception as error:  # a broken Info dictionary: the file name stands in
        log.warning("PDF metadata unreadable in %s: %s", path.name, error)
        info = {}
    # "Stevenson, Robert Louis" is one author: only ";" and " & " (calibre's) separate them
    authors = tuple(a.strip() for a in str(info.get("Author", "")).replace(" & ", ";").split(";")
                    if a.strip())
    return Metadata(
        title=str(info.get("Title", "")).strip()[:500] or path.stem,
        authors=authors[:20],
        language=_language(document),
        description=str(info.get("Subject", "")).strip()[:2000],
    )


def _language(document: Any) -> str:
    """The catalogue's /Lang ("en-GB"), or ""."""
    import ctypes

    raw = pdfium().raw
    try:
        needed = raw.FPDFCatalog_GetLanguage(document, None, 0)
        if needed <= 2 or needed > 256:
            return ""
        buffer = (ctypes.c_ushort * (needed // 2))()
        raw.FPDFCatalog_GetLanguage(document, buffer, needed)
        data = bytes(buffer)[: needed - 2]
        return data.decode("utf-16-le", errors="replace").strip()[:35]
    except Exception:  # an odd /Lang value: no language, as when there is none
        return ""


def _outline(document: Any, count: int) -> tuple[TocEntry, ...]:
    """The bookmarks with a page target, nested as the PDF nests them."""
    roots: list[tuple[str, int, list[Any]]] = []
    stack: list[tuple[int, list[Any]]] = [(-1, roots)]
    try:
        for seen, bookmark in enumerate(document.get_toc(max_depth=MAX_OUTLINE_DEPTH)):
            if seen >= MAX_OUTLINE_ENTRIES:
                break
            dest = bookmark.get_dest()
            page = dest.get_index() if dest is not None else None
            title = " ".join(bookmark.get_title().split())[:300]
            if page is None or not 0 <= page < count or not title:
                continue
            while stack[-1][0] >= bookmark.level:
                stack.pop()
            children: list[Any] = []
            stack[-1][1].append((title, page, children))
            stack.append((bookmark.level, children))
    except Exception as error:  # a looping or broken outline: what was read so far stays
        log.warning("PDF outline unreadable: %s", error)

    def entries(items: list[tuple[str, int, list[Any]]]) -> tuple[TocEntry, ...]:
        return tuple(TocEntry(title, Locator(page, 0, 0), entries(kids))
                     for title, page, kids in items)

    return entries(roots)

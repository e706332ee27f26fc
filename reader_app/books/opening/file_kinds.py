"""The one list of file types Pagemate takes: extensions, MIME types and the file dialog's filter.

Everything that decides by a file's name reads this list: the Open dialog, drag and drop, the
packaging's desktop registration (its tests compare `packaging/` against it). A type listed here
whose reader is not built yet still opens to the clear "not supported" sentence: the content
decides the format (`formats.sniff_format`), the name only decides what is offered.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FileKind:
    """One file type: its extension, its MIME type and where the Open dialog lists it."""

    extension: str  # with its dot; ".fb2.zip" has two
    mime_type: str  # the freedesktop.org shared-mime-info name
    group: str  # the Open dialog's filter it is listed under
    # Whether installing makes Pagemate the default application for the type. Not for types
    # that are mostly something other than books (every .txt, every PDF): Pagemate is offered
    # under "Open with" for those, never imposed.
    default_app: bool = True


FILE_KINDS: tuple[FileKind, ...] = (
    FileKind(".epub", "application/epub+zip", "EPUB books"),
    FileKind(".pdf", "application/pdf", "PDF documents", default_app=False),
    FileKind(".mobi", "application/x-mobipocket-ebook", "Kindle books"),
    FileKind(".azw3", "application/vnd.amazon.mobi8-ebook", "Kindle books"),
    FileKind(".azw", "application/vnd.amazon.ebook", "Kindle books"),
    FileKind(".prc", "application/x-mobipocket-ebook", "Kindle books"),
    FileKind(".fb2", "application/x-fictionbook+xml", "FictionBook"),
    FileKind(".fb2.zip", "application/x-zip-compressed-fb2", "FictionBook"),
    FileKind(".txt", "text/plain", "Plain text and Markdown", default_app=False),
    FileKind(".md", "text/markdown", "Plain text and Markdown", default_app=False),
    FileKind(".markdown", "text/markdown", "Plain text and Markdown", default_app=False),
    FileKind(".cbz", "application/vnd.comicbook+zip", "Comics"),
    FileKind(".cbr", "application/vnd.comicbook-rar", "Comics"),
    FileKind(".cb7", "application/x-cb7", "Comics"),
    FileKind(".cbt", "application/x-cbt", "Comics"),
)

BOOK_EXTENSIONS: tuple[str, ...] = tuple(kind.extension for kind in FILE_KINDS)


def book_extension(name: str) -> str | None:
    """The known extension `name` ends with ("x.FB2.zip" -> ".fb2.zip"), or None."""
    lowered = name.lower()
    matches = [ext for ext in BOOK_EXTENSIONS if lowered.endswith(ext) and len(lowered) > len(ext)]
    return max(matches, key=len, default=None)


def is_book_file_name(name: str) -> bool:
    """Whether a file's name says it is a type Pagemate takes (the content still decides)."""
    return book_extension(name) is not None


def first_book_file(paths: list[str]) -> str | None:
    """Of files dropped together, the one to open: the first whose name is a type Pagemate takes,
    else the first (which then gets its clear "not a book" sentence), None for none."""
    return next((p for p in paths if is_book_file_name(p)), paths[0] if paths else None)


def mime_types(*, defaults_only: bool = False) -> tuple[str, ...]:
    """Every MIME type Pagemate registers for, in list order, each once."""
    chosen = (k.mime_type for k in FILE_KINDS if k.default_app or not defaults_only)
    return tuple(dict.fromkeys(chosen))


def open_dialog_filter() -> str:
    """The Open dialog's filter: every type together first, then each group, then all files."""
    groups: dict[str, list[str]] = {}
    for kind in FILE_KINDS:
        groups.setdefault(kind.group, []).append(f"*{kind.extension}")
    everything = " ".join(f"*{ext}" for ext in BOOK_EXTENSIONS)
    parts = [f"Books and comics ({everything})"]
    parts += [f"{group} ({' '.join(patterns)})" for group, patterns in groups.items()]
    parts.append("All files (*)")
    return ";;".join(parts)

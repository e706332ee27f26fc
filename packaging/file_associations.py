"""The macOS and Windows file associations, made from the one list of file types.

`reader_app/books/opening/file_kinds.py` lists every type Pagemate takes. This module turns it
into what each installer wants, so no installer types the list a second time:

- macOS: the Info.plist's `CFBundleDocumentTypes` and `UTImportedTypeDeclarations`, which
  `pagemate.spec` asks for at build time (`info_plist_file_types`);
- Windows: the Inno Setup `[Registry]` section in `windows/file-types.iss`, which
  `windows/pagemate.iss` includes. It is generated and committed, because Inno Setup cannot run
  Python; after changing the list, regenerate it from the project root with

      .venv/bin/python packaging/file_associations.py

  (`--check` only says whether it is current; tests/unit/packaging/test_file_associations.py
  fails while it is not).

A type that is not mostly books (every PDF, every .txt and Markdown file: `default_app=False` in
the list) is offered, never imposed: an Alternate handler on macOS, "Open with" on Windows.

The desktops of macOS and Windows know a file by its last extension only, so a compound
extension (".fb2.zip", which they see as ".zip") cannot be associated there without offering
Pagemate for every zip file; such types are left out (`registrable`), and still open from the
Open dialog and by drag and drop.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script, or from the spec: the checkout's reader_app
    sys.path.insert(0, str(ROOT))

from reader_app.books.opening.file_kinds import FILE_KINDS, FileKind  # noqa: E402

WINDOWS_INCLUDE = ROOT / "packaging" / "windows" / "file-types.iss"


@dataclass(frozen=True, slots=True)
class PlatformType:
    """What macOS and Windows call one MIME type of the list."""

    description: str  # Finder's "Kind" and Explorer's "Type" column
    uti: str  # the macOS Uniform Type Identifier the type is known by
    # The types it conforms to, for a type Pagemate declares (imports); empty for a type macOS
    # declares itself.
    conforms_to: tuple[str, ...] = ()
    # Other identifiers apps in the wild declare for the same files: a file takes the identifier
    # of whichever app declared its extension first, and Pagemate should open it either way.
    aliases: tuple[str, ...] = ()
    family: str = "book"  # which document icon its files get (DOCUMENT_ICONS)


# The document icon of each family, rendered from assets/icons/<name>.svg by render_icons.py.
DOCUMENT_ICONS = {"book": "pagemate-book-document", "comic": "pagemate-comic-document"}


def _comic_aliases(short: str) -> tuple[str, ...]:
    return tuple(f"{domain}.{short}-archive" for domain in ("cx.c3", "com.macitbetter",
                                                            "com.simplecomic", "public"))


PLATFORM_TYPES: dict[str, PlatformType] = {
    "application/epub+zip": PlatformType("EPUB book", "org.idpf.epub-container"),
    "application/pdf": PlatformType("PDF document", "com.adobe.pdf"),
    "application/x-mobipocket-ebook": PlatformType(
        "Mobipocket book", "com.amazon.mobi", ("public.data", "public.content")),
    "application/vnd.amazon.mobi8-ebook": PlatformType(
        "Kindle book (KF8)", "com.amazon.azw3", ("public.data", "public.content")),
    "application/vnd.amazon.ebook": PlatformType(
        "Kindle book", "com.amazon.azw", ("public.data", "public.content")),
    "application/x-fictionbook+xml": PlatformType(
        "FictionBook", "org.fictionbook.fb2", ("public.xml", "public.content")),
    "text/plain": PlatformType("Plain text", "public.plain-text"),
    "text/markdown": PlatformType(
        "Markdown text", "net.daringfireball.markdown", ("public.plain-text",)),
    "application/vnd.comicbook+zip": PlatformType(
        "Comic book (zip)", "org.pagemate.cbz", ("public.zip-archive", "public.data"),
        _comic_aliases("cbz"), family="comic"),
    "application/vnd.comicbook-rar": PlatformType(
        "Comic book (RAR)", "org.pagemate.cbr", ("public.archive", "public.data"),
        _comic_aliases("cbr"), family="comic"),
    "application/x-cb7": PlatformType(
        "Comic book (7z)", "org.pagemate.cb7", ("public.archive", "public.data"),
        _comic_aliases("cb7"), family="comic"),
    "application/x-cbt": PlatformType(
        "Comic book (tar)", "org.pagemate.cbt", ("public.tar-archive", "public.data"),
        _comic_aliases("cbt"), family="comic"),
}


class UnknownFileKindError(LookupError):
    """A kind in the list that PLATFORM_TYPES does not describe yet."""


def registrable(kind: FileKind) -> bool:
    """Whether macOS and Windows can associate the kind: its extension has one dot."""
    return kind.extension.count(".") == 1


def platform_type(kind: FileKind) -> PlatformType:
    try:
        return PLATFORM_TYPES[kind.mime_type]
    except KeyError:
        raise UnknownFileKindError(
            f"{kind.extension} ({kind.mime_type}) is in file_kinds.py but not in "
            "packaging/file_associations.py's PLATFORM_TYPES: add its description and UTI"
        ) from None


def _registered(kinds: Iterable[FileKind]) -> list[FileKind]:
    return [kind for kind in kinds if registrable(kind)]


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def mac_rank(kind: FileKind) -> str:
    """`LSHandlerRank`: Default for books and comics, Alternate for PDF and plain text."""
    return "Default" if kind.default_app else "Alternate"


def mac_document_icons() -> list[str]:
    """The .icns files the document types name; the spec puts them in Contents/Resources."""
    return [f"{name}.icns" for name in DOCUMENT_ICONS.values()]


def mac_document_types(kinds: Sequence[FileKind] = FILE_KINDS) -> list[dict[str, object]]:
    """`CFBundleDocumentTypes`: one entry per group of the Open dialog and rank."""
    grouped: dict[tuple[str, str, str], list[FileKind]] = {}
    for kind in _registered(kinds):
        key = (kind.group, mac_rank(kind), platform_type(kind).family)
        grouped.setdefault(key, []).append(kind)
    return [
        {
            "CFBundleTypeName": group,
            "CFBundleTypeRole": "Viewer",
            "LSHandlerRank": rank,
            "CFBundleTypeIconFile": f"{DOCUMENT_ICONS[family]}.icns",
            "LSItemContentTypes": _unique(
                uti for kind in members
                for uti in (platform_type(kind).uti, *platform_type(kind).aliases)
            ),
        }
        for (group, rank, family), members in grouped.items()
    ]


def mac_imported_types(kinds: Sequence[FileKind] = FILE_KINDS) -> list[dict[str, object]]:
    """`UTImportedTypeDeclarations`: the types macOS does not declare, with their extensions and
    MIME types (".mobi" and ".prc" share one)."""
    extensions: dict[str, list[str]] = {}
    for kind in _registered(kinds):
        if platform_type(kind).conforms_to:
            extensions.setdefault(kind.mime_type, []).append(kind.extension.lstrip("."))
    return [
        {
            "UTTypeIdentifier": PLATFORM_TYPES[mime].uti,
            "UTTypeDescription": PLATFORM_TYPES[mime].description,
            "UTTypeConformsTo": list(PLATFORM_TYPES[mime].conforms_to),
            "UTTypeTagSpecification": {
                "public.filename-extension": names,
                "public.mime-type": [mime],
            },
        }
        for mime, names in extensions.items()
    ]


def info_plist_file_types(kinds: Sequence[FileKind] = FILE_KINDS) -> dict[str, object]:
    """The Info.plist keys that make Finder offer Pagemate for every registrable kind."""
    return {
        "CFBundleDocumentTypes": mac_document_types(kinds),
        "UTImportedTypeDeclarations": mac_imported_types(kinds),
    }


def prog_id(kind: FileKind) -> str:
    """The Windows ProgID: letters, digits and dots only ("Pagemate.azw3")."""
    return "Pagemate." + "".join(c for c in kind.extension if c.isalnum())


def windows_icon(kind: FileKind) -> str:
    """The document icon of the kind's family, where the bundle's data lands (`_internal`)."""
    name = DOCUMENT_ICONS[platform_type(kind).family]
    return f"{{app}}\\_internal\\assets\\icons\\{name}.ico"


def _quoted(value: str) -> str:
    return '"' + value.replace('"', '""') + '"'  # Inno Setup doubles a quote inside a string


def _registry(subkey: str, name: str, data: str, flags: str = "") -> str:
    key = _quoted("Software\\Classes\\" + subkey)
    line = (f"Root: HKA; Subkey: {key}; ValueType: string; ValueName: {_quoted(name)}; "
            f"ValueData: {_quoted(data)}")
    return f"{line}; Flags: {flags}" if flags else line


OPEN_COMMAND = '"{app}\\{#AppExe}" "%1"'


def windows_registry_lines(kinds: Sequence[FileKind] = FILE_KINDS) -> list[str]:
    """The `[Registry]` entries: a ProgID per kind, "Open with" for every kind, and the default
    (where the user has not chosen another app) only for books and comics."""
    lines = []
    for kind in _registered(kinds):
        ext, prog = kind.extension, prog_id(kind)
        lines.append(f"; {ext}: {kind.mime_type}, "
                     + ("default where no app is chosen" if kind.default_app else "Open with"))
        lines.append(_registry(f"{ext}\\OpenWithProgids", prog, "", "uninsdeletevalue"))
        if kind.default_app:
            # Not over another app's claim in the user's classes (HKLM's is already beneath).
            lines.append(_registry(ext, "", prog, "createvalueifdoesntexist uninsdeletevalue"))
        lines.append(_registry(prog, "", platform_type(kind).description, "uninsdeletekey"))
        lines.append(_registry(f"{prog}\\DefaultIcon", "", windows_icon(kind)))
        lines.append(_registry(f"{prog}\\shell\\open\\command", "", OPEN_COMMAND))
    app = "Applications\\{#AppExe}"
    lines.append("; Pagemate in every registrable type's \"Open with\" list")
    lines.append(_registry(app, "FriendlyAppName", "{#AppName}", "uninsdeletekey"))
    lines.append(_registry(f"{app}\\shell\\open\\command", "", OPEN_COMMAND))
    lines += [_registry(f"{app}\\SupportedTypes", kind.extension, "")
              for kind in _registered(kinds)]
    return lines


def windows_include(kinds: Sequence[FileKind] = FILE_KINDS) -> str:
    """The text of windows/file-types.iss."""
    header = [
        "; Generated by packaging/file_associations.py from reader_app/books/opening/"
        "file_kinds.py.",
        "; Do not edit: run `.venv/bin/python packaging/file_associations.py` after changing "
        "the list.",
        "; Compound extensions (" + ", ".join(
            k.extension for k in kinds if not registrable(k)) + ") are left out: Windows "
        "associates by the last extension only.",
        "",
        "[Registry]",
    ]
    return "\n".join([*header, *windows_registry_lines(kinds)]) + "\n"


def main(argv: Sequence[str]) -> int:
    text = windows_include()
    current = WINDOWS_INCLUDE.read_text() if WINDOWS_INCLUDE.exists() else None
    if "--check" in argv:
        if current != text:
            print(f"{WINDOWS_INCLUDE} is out of date: run packaging/file_associations.py",
                  file=sys.stderr)
            return 1
        return 0
    if current != text:
        WINDOWS_INCLUDE.write_text(text)
        print(f"wrote {WINDOWS_INCLUDE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

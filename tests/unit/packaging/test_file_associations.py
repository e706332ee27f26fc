"""The macOS bundle and the Windows installer register every type in the one list
(books/opening/file_kinds.py), through packaging/file_associations.py.

Neither macOS nor Windows runs here, so these read what the installers are given: the Info.plist
keys the spec hands PyInstaller (the spec is run with PyInstaller's build steps recorded, as on a
Mac), written and read back as a real plist; and the `[Registry]` entries of the Inno Setup
include, parsed line by line.
"""

from __future__ import annotations

import importlib.util
import plistlib
import re
import sys
import types
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from reader_app.books.opening.file_kinds import FILE_KINDS, FileKind
from tests.conftest import ROOT

PACKAGING = ROOT / "packaging"
ICONS = ROOT / "assets" / "icons"
NOT_DEFAULT = {".pdf", ".txt", ".md", ".markdown"}  # a reader's PDFs and notes stay where they are
ISSUE_42 = {".epub", ".pdf", ".mobi", ".azw3", ".azw", ".prc", ".fb2", ".txt", ".md",
            ".markdown", ".cbz", ".cbr", ".cb7", ".cbt"}


def load_associations() -> types.ModuleType:
    """packaging/file_associations.py, under the name the spec imports it by."""
    if "file_associations" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "file_associations", PACKAGING / "file_associations.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["file_associations"] = module
        spec.loader.exec_module(module)
    return sys.modules["file_associations"]


associations = load_associations()
REGISTRABLE = [kind for kind in FILE_KINDS if "." not in kind.extension[1:]]


class _Recorded:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args, self.kwargs = args, kwargs
        self.binaries: list[tuple[str, str, str]] = []
        self.datas: list[tuple[str, str, str]] = []
        self.pure = self.scripts = ()


def run_spec_as_on_a_mac(monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], list[Any]]:
    """Runs packaging/pagemate.spec with PyInstaller's build steps recorded and sys.platform
    "darwin"; returns the info_plist it gives BUNDLE and the data files it gives Analysis."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = lambda *_a, **_k: []  # type: ignore[attr-defined]
    hooks.collect_submodules = lambda *_a, **_k: []  # type: ignore[attr-defined]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "platform", "darwin")
    recorded: dict[str, list[_Recorded]] = {"Analysis": [], "BUNDLE": []}

    def step(name: str) -> Any:
        def record(*args: Any, **kwargs: Any) -> _Recorded:
            recorded[name].append(_Recorded(*args, **kwargs))
            return recorded[name][-1]
        return record

    spec = PACKAGING / "pagemate.spec"
    names = {"SPECPATH": str(PACKAGING), "__name__": "__main__", "Analysis": step("Analysis"),
             "PYZ": _Recorded, "EXE": _Recorded, "COLLECT": _Recorded, "BUNDLE": step("BUNDLE")}
    exec(compile(spec.read_text(), str(spec), "exec"), names)
    [analysis], [bundle] = recorded["Analysis"], recorded["BUNDLE"]
    return bundle.kwargs["info_plist"], analysis.kwargs["datas"]


@pytest.fixture
def info_plist(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    """The Info.plist keys as macOS reads them: written to a plist file and parsed back."""
    path = tmp_path / "Info.plist"
    path.write_bytes(plistlib.dumps(run_spec_as_on_a_mac(monkeypatch)[0]))
    parsed: dict[str, Any] = plistlib.loads(path.read_bytes())
    return parsed


def ext_of_uti(info: dict[str, Any]) -> dict[str, str]:
    """Each extension -> the identifier macOS knows it by (the system's or a declared one)."""
    declared = {
        name: decl["UTTypeIdentifier"] for decl in info["UTImportedTypeDeclarations"]
        for name in decl["UTTypeTagSpecification"]["public.filename-extension"]
    }
    system = {"epub": "org.idpf.epub-container", "pdf": "com.adobe.pdf",
              "txt": "public.plain-text"}
    return {**system, **declared}


def test_the_list_still_has_the_types_these_tests_name() -> None:
    assert {kind.extension for kind in REGISTRABLE} >= ISSUE_42
    assert {kind.extension for kind in FILE_KINDS if not kind.default_app} == NOT_DEFAULT


def test_the_mac_bundle_declares_every_type_with_its_rank(info_plist: dict[str, Any]) -> None:
    utis = ext_of_uti(info_plist)
    rank_of: dict[str, set[str]] = {}
    for doc in info_plist["CFBundleDocumentTypes"]:
        assert doc["CFBundleTypeRole"] == "Viewer" and doc["CFBundleTypeName"]
        for uti in doc["LSItemContentTypes"]:
            rank_of.setdefault(uti, set()).add(doc["LSHandlerRank"])
    for kind in REGISTRABLE:
        uti = utis[kind.extension.lstrip(".")]
        expected = "Default" if kind.default_app else "Alternate"
        assert rank_of.get(uti) == {expected}, (kind, uti, rank_of.get(uti))
    assert "Owner" not in {rank for ranks in rank_of.values() for rank in ranks}


def test_pdf_and_plain_text_are_the_system_types_and_only_an_alternate(
    info_plist: dict[str, Any],
) -> None:
    ranks = {uti: doc["LSHandlerRank"] for doc in info_plist["CFBundleDocumentTypes"]
             for uti in doc["LSItemContentTypes"]}
    for uti in ("com.adobe.pdf", "public.plain-text", "net.daringfireball.markdown"):
        assert ranks[uti] == "Alternate"
    assert ranks["org.idpf.epub-container"] == "Default"
    imported = {decl["UTTypeIdentifier"] for decl in info_plist["UTImportedTypeDeclarations"]}
    # macOS declares these itself; importing them again could only shadow its own.
    assert not imported & {"com.adobe.pdf", "public.plain-text", "org.idpf.epub-container"}


def test_the_imported_types_carry_their_extensions_and_mime_types(
    info_plist: dict[str, Any],
) -> None:
    declared = {decl["UTTypeIdentifier"]: decl for decl in info_plist["UTImportedTypeDeclarations"]}
    for short in ("mobi", "prc", "azw3", "azw", "fb2", "md", "markdown",
                  "cbz", "cbr", "cb7", "cbt"):
        kind = next(k for k in FILE_KINDS if k.extension == f".{short}")
        decl = declared[ext_of_uti(info_plist)[short]]
        tags = decl["UTTypeTagSpecification"]
        assert short in tags["public.filename-extension"]
        assert tags["public.mime-type"] == [kind.mime_type]
        assert decl["UTTypeConformsTo"] and decl["UTTypeDescription"]
    # ".mobi" and ".prc" are one type
    assert ext_of_uti(info_plist)["prc"] == ext_of_uti(info_plist)["mobi"] == "com.amazon.mobi"


def test_the_spec_types_no_document_type_of_its_own() -> None:
    spec = (PACKAGING / "pagemate.spec").read_text()
    assert "info_plist_file_types()" in spec
    assert not re.search(r"LSItemContentTypes|UTTypeIdentifier|\.epub|\bcbz\b", spec)


def test_each_document_type_has_its_family_icon_in_the_bundle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    info, datas = run_spec_as_on_a_mac(monkeypatch)
    at_the_top = {Path(source).name for source, dest in datas if dest == "."}
    for doc in info["CFBundleDocumentTypes"]:
        icon = doc["CFBundleTypeIconFile"]
        family = "comic" if doc["CFBundleTypeName"] == "Comics" else "book"
        assert icon == f"pagemate-{family}-document.icns", doc
        assert icon in at_the_top and (ICONS / icon).is_file()


INNO_FIELD = re.compile(r'(\w+):\s*("(?:[^"]|"")*"|[^;]*)')


def inno_entries(text: str) -> list[dict[str, str]]:
    """The `[Registry]` entries of an Inno Setup script: field -> value, quotes undone."""
    entries = []
    for line in text.splitlines():
        if line.startswith("Root:"):
            fields = {name: value.strip() for name, value in INNO_FIELD.findall(line)}
            entries.append({name: value[1:-1].replace('""', '"') if value.startswith('"')
                            else value for name, value in fields.items()})
    return entries


def values(entries: list[dict[str, str]], subkey: str) -> dict[str, dict[str, str]]:
    return {e["ValueName"]: e for e in entries if e["Subkey"] == "Software\\Classes\\" + subkey}


def test_the_windows_include_is_current() -> None:
    """Fails when a type is added to file_kinds.py and file-types.iss is not regenerated."""
    committed = (PACKAGING / "windows" / "file-types.iss").read_text()
    assert committed == associations.windows_include(), (
        "run .venv/bin/python packaging/file_associations.py")
    assert associations.main(["--check"]) == 0


def test_the_installer_includes_the_generated_entries_and_types_none_itself() -> None:
    script = (PACKAGING / "windows" / "pagemate.iss").read_text()
    assert '#include AddBackslash(SourcePath) + "file-types.iss"' in script
    assert not inno_entries(script)


def test_windows_offers_every_type_and_is_the_default_only_for_books_and_comics() -> None:
    entries = inno_entries((PACKAGING / "windows" / "file-types.iss").read_text())
    assert all(e["Root"] == "HKA" and e["ValueType"] == "string" for e in entries)
    supported = values(entries, "Applications\\{#AppExe}\\SupportedTypes")
    for kind in REGISTRABLE:
        ext = kind.extension
        prog = values(entries, f"{ext}\\OpenWithProgids")
        assert len(prog) == 1, kind
        prog_id = next(iter(prog))
        assert re.fullmatch(r"Pagemate\.[a-z0-9]+", prog_id)
        assert prog[prog_id]["Flags"] == "uninsdeletevalue"
        assert values(entries, prog_id)[""]["ValueData"], kind  # its name in Explorer
        family = "comic" if kind.group == "Comics" else "book"
        icon = values(entries, f"{prog_id}\\DefaultIcon")[""]["ValueData"]
        assert icon == f"{{app}}\\_internal\\assets\\icons\\pagemate-{family}-document.ico"
        assert (ICONS / icon.rsplit("\\", 1)[1]).is_file()
        command = values(entries, f"{prog_id}\\shell\\open\\command")[""]["ValueData"]
        assert command == '"{app}\\{#AppExe}" "%1"'
        default = values(entries, ext).get("")
        if kind.default_app:
            assert default is not None and default["ValueData"] == prog_id, kind
            assert "createvalueifdoesntexist" in default["Flags"].split()
        else:
            assert default is None, f"{ext} must only be offered under Open with"
        assert ext in supported
    assert set(supported) == {kind.extension for kind in REGISTRABLE}


def test_a_compound_extension_is_left_to_the_dialog_on_both_systems(
    info_plist: dict[str, Any],
) -> None:
    # Windows and macOS see "x.fb2.zip" as a zip: registering it would claim every zip.
    text = (PACKAGING / "windows" / "file-types.iss").read_text()
    assert ".fb2.zip" not in {e["ValueName"] for e in inno_entries(text)}
    assert ".zip" not in text.replace(".fb2.zip", "")
    extensions = {ext for decl in info_plist["UTImportedTypeDeclarations"]
                  for ext in decl["UTTypeTagSpecification"]["public.filename-extension"]}
    assert "zip" not in extensions and "fb2.zip" not in extensions


def test_a_new_kind_reaches_both_installers() -> None:
    djvu = FileKind(".djvu", "image/vnd.djvu", "DjVu")
    kinds = (*FILE_KINDS, djvu)
    associations.PLATFORM_TYPES[djvu.mime_type] = associations.PlatformType(
        "DjVu document", "com.lizardtech.djvu", ("public.data",))
    try:
        assert 'ValueName: ".djvu"' in associations.windows_include(kinds)
        assert associations.windows_include(kinds) != associations.windows_include()
        plist = associations.info_plist_file_types(kinds)
        assert any("com.lizardtech.djvu" in doc["LSItemContentTypes"]
                   for doc in plist["CFBundleDocumentTypes"])
    finally:
        del associations.PLATFORM_TYPES[djvu.mime_type]


def test_a_new_kind_without_its_platform_names_is_a_clear_error() -> None:
    kinds = (*FILE_KINDS, replace(FILE_KINDS[0], extension=".djvu", mime_type="image/vnd.djvu"))
    for make in (associations.windows_include, associations.info_plist_file_types):
        with pytest.raises(associations.UnknownFileKindError, match=r"\.djvu.*PLATFORM_TYPES"):
            make(kinds)

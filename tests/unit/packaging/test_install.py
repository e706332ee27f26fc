"""packaging/install.sh and uninstall.sh, run for real into a temporary home folder."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT

INSTALL = ROOT / "packaging" / "install.sh"
MIME_TYPES = (
    "application/epub+zip", "application/vnd.comicbook+zip", "application/x-cbz",
    "application/vnd.comicbook-rar", "application/x-cb7", "application/x-cbt",
    "application/x-mobipocket-ebook", "application/vnd.amazon.mobi8-ebook",
    "application/x-fictionbook+xml",
)
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
DOCUMENT_ICONS = ("pagemate-book-document", "pagemate-comic-document")

needs_desktop_tools = pytest.mark.skipif(
    not (shutil.which("desktop-file-validate") and shutil.which("xdg-mime")),
    reason="needs desktop-file-utils and xdg-utils (scripts/install-system-deps.sh)",
)


@pytest.fixture
def fake_bundle(tmp_path: Path) -> Path:
    """Stands in for dist/pagemate/: an executable that reports its arguments, and some data."""
    bundle = tmp_path / "dist" / "pagemate"
    (bundle / "_internal" / "assets").mkdir(parents=True)
    (bundle / "_internal" / "assets" / "model.bin").write_bytes(b"\0" * 1024)
    executable = bundle / "pagemate"
    executable.write_text('#!/bin/sh\nfor a in "$@"; do echo "arg:$a"; done\n')
    executable.chmod(0o755)
    return bundle


@pytest.fixture
def home(tmp_path: Path) -> Path:
    path = tmp_path / "home"
    path.mkdir()
    return path


def user_env(home: Path, **extra: str) -> dict[str, str]:
    # Only what a login session would have: no XDG_* from the machine running the tests.
    return {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"), **extra}


def run_script(
    script: Path, *args: str, env: dict[str, str], check: bool = True
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        ["bash", str(script), *args], env=env, capture_output=True, text=True, timeout=60
    )
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def install(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return run_script(INSTALL, *args, env=env)


def uninstall(env: dict[str, str], data_home: Path) -> None:
    # The copy install.sh put beside the app, as a user would run it with the checkout gone.
    run_script(data_home / "pagemate" / "uninstall.sh", env=env)


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every path under `folder` with its bytes (None for a folder)."""
    return {
        str(path.relative_to(folder)): None if path.is_dir() else path.read_bytes()
        for path in sorted(folder.rglob("*"))
    }


def mime_default(home: Path, mime_type: str, env: dict[str, str]) -> str:
    result = subprocess.run(
        ["xdg-mime", "query", "default", mime_type], env=env, capture_output=True, text=True
    )
    return result.stdout.strip()


@needs_desktop_tools
def test_installed_entry_validates_and_is_the_default_for_epub_and_cbz(
    home: Path, fake_bundle: Path
) -> None:
    env = user_env(home)
    install("--bundle", str(fake_bundle), env=env)
    share = home / ".local" / "share"
    entry = share / "applications" / "pagemate.desktop"
    validation = subprocess.run(
        ["desktop-file-validate", str(entry)], capture_output=True, text=True
    )
    assert validation.returncode == 0, validation.stdout + validation.stderr
    assert "MimeType=application/epub+zip;application/pdf;" in entry.read_text()
    for mime_type in MIME_TYPES:
        assert mime_default(home, mime_type, env) == "pagemate.desktop", mime_type
    # Offered for PDFs and text files ("Open with"), never made their default.
    defaults = (home / ".config" / "mimeapps.list").read_text()
    assert "application/pdf=" not in defaults and "text/plain=" not in defaults
    hicolor = share / "icons" / "hicolor"
    for size in (*(f"{size}x{size}" for size in ICON_SIZES), "scalable"):
        suffix = ".svg" if size == "scalable" else ".png"
        assert (hicolor / size / "apps" / f"pagemate{suffix}").is_file()
        for icon in DOCUMENT_ICONS:  # the book and comic files' icons
            assert (hicolor / size / "mimetypes" / f"{icon}{suffix}").is_file(), (size, icon)
    assert (share / "mime" / "packages" / "pagemate-mime.xml").is_file()


def test_desktop_entry_launches_the_installed_bundle_with_the_double_clicked_file(
    home: Path, fake_bundle: Path
) -> None:
    install("--bundle", str(fake_bundle), env=user_env(home))
    entry = (home / ".local" / "share" / "applications" / "pagemate.desktop").read_text()
    [exec_line] = [line for line in entry.splitlines() if line.startswith("Exec=")]
    launcher = home / ".local" / "bin" / "pagemate"
    assert exec_line == f'Exec="{launcher}" %F'
    # What a file manager does with Exec: replace %F with the files, one argument each.
    opened = subprocess.run(
        [str(launcher), "/books/Pride and Prejudice.epub", "/comics/ep01.cbz"],
        capture_output=True, text=True, check=True,
    )
    assert opened.stdout.splitlines() == [
        "arg:/books/Pride and Prejudice.epub", "arg:/comics/ep01.cbz",
    ]
    installed = home / ".local" / "share" / "pagemate"
    assert (installed / "_internal" / "assets" / "model.bin").read_bytes() == b"\0" * 1024


def test_uninstall_removes_every_file_install_added_and_restores_the_users_defaults(
    home: Path, fake_bundle: Path
) -> None:
    # A home that already has things of its own, which must come through untouched.
    config = home / ".config"
    config.mkdir()
    (config / "mimeapps.list").write_text(
        "[Added Associations]\ntext/plain=gedit.desktop;\n\n"
        "[Default Applications]\napplication/pdf=evince.desktop\n"
        "application/epub+zip=foliate.desktop\n"
    )
    applications = home / ".local" / "share" / "applications"
    applications.mkdir(parents=True)
    (applications / "notes.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Notes\nExec=notes\n"
    )
    (home / ".local" / "share" / "Pagemate").mkdir()
    (home / ".local" / "share" / "Pagemate" / "library.sqlite3").write_bytes(b"my library")
    before = snapshot(home)

    env = user_env(home)
    install("--bundle", str(fake_bundle), env=env)
    assert snapshot(home) != before
    uninstall(env, home / ".local" / "share")

    assert snapshot(home) == before


def test_uninstall_leaves_an_empty_home_empty(home: Path, fake_bundle: Path) -> None:
    env = user_env(home)
    install("--bundle", str(fake_bundle), env=env)
    uninstall(env, home / ".local" / "share")
    assert snapshot(home) == {}


def test_installing_again_replaces_the_previous_installation_without_leftovers(
    home: Path, fake_bundle: Path
) -> None:
    env = user_env(home)
    install("--bundle", str(fake_bundle), env=env)
    (fake_bundle / "_internal" / "assets" / "model.bin").unlink()  # the next build lacks it
    (fake_bundle / "_internal" / "new.bin").write_bytes(b"new")
    install("--bundle", str(fake_bundle), env=env)
    installed = home / ".local" / "share" / "pagemate" / "_internal"
    assert not (installed / "assets" / "model.bin").exists()
    assert (installed / "new.bin").read_bytes() == b"new"
    uninstall(env, home / ".local" / "share")
    assert snapshot(home) == {}


def test_a_default_the_user_chose_after_installing_survives_uninstall(
    home: Path, fake_bundle: Path
) -> None:
    env = user_env(home)
    install("--bundle", str(fake_bundle), env=env)
    mimeapps = home / ".config" / "mimeapps.list"
    mimeapps.write_text(
        mimeapps.read_text().replace(
            "application/epub+zip=pagemate.desktop", "application/epub+zip=foliate.desktop"
        )
    )
    uninstall(env, home / ".local" / "share")
    assert mimeapps.read_text().split() == [
        "[Default", "Applications]", "application/epub+zip=foliate.desktop",
    ]


def test_xdg_data_home_and_config_home_are_honoured(
    home: Path, tmp_path: Path, fake_bundle: Path
) -> None:
    data, config = tmp_path / "data", tmp_path / "config"
    env = user_env(home, XDG_DATA_HOME=str(data), XDG_CONFIG_HOME=str(config))
    install("--bundle", str(fake_bundle), env=env)
    assert (data / "applications" / "pagemate.desktop").is_file()
    assert (data / "pagemate" / "pagemate").is_file()
    assert "application/epub+zip=pagemate.desktop" in (config / "mimeapps.list").read_text()
    assert not (home / ".local" / "share").exists()
    assert not (home / ".config").exists()
    uninstall(env, data)
    assert snapshot(home) == {} and snapshot(data) == {} and snapshot(config) == {}


def test_a_home_folder_with_spaces_and_quotes_gets_a_valid_entry(
    tmp_path: Path, fake_bundle: Path
) -> None:
    home = tmp_path / "Jane's $HOME dir"
    home.mkdir()
    env = user_env(home)
    install("--bundle", str(fake_bundle), env=env)
    entry = home / ".local" / "share" / "applications" / "pagemate.desktop"
    if shutil.which("desktop-file-validate"):
        validation = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True)
        assert validation.returncode == 0, validation.stdout
    assert f'Exec="{tmp_path}/Jane\'s \\\\$HOME dir/.local/bin/pagemate" %F' in entry.read_text()
    launcher = home / ".local" / "bin" / "pagemate"
    opened = subprocess.run([str(launcher), "a book.epub"], capture_output=True, text=True)
    assert opened.stdout == "arg:a book.epub\n", opened.stderr
    uninstall(env, home / ".local" / "share")
    assert snapshot(home) == {}


def test_install_refuses_to_overwrite_a_launcher_it_did_not_install(
    home: Path, fake_bundle: Path
) -> None:
    launcher = home / ".local" / "bin" / "pagemate"
    launcher.parent.mkdir(parents=True)
    launcher.write_text("#!/bin/sh\necho mine\n")
    result = run_script(INSTALL, "--bundle", str(fake_bundle), env=user_env(home), check=False)
    assert result.returncode != 0
    assert "was not installed by this script" in result.stderr
    assert launcher.read_text() == "#!/bin/sh\necho mine\n"
    assert not (home / ".local" / "share" / "pagemate").exists()


def test_no_default_registers_the_types_but_leaves_the_defaults_alone(
    home: Path, fake_bundle: Path
) -> None:
    env = user_env(home)
    install("--bundle", str(fake_bundle), "--no-default", env=env)
    assert not (home / ".config" / "mimeapps.list").exists()
    assert (home / ".local" / "share" / "applications" / "pagemate.desktop").is_file()
    uninstall(env, home / ".local" / "share")
    assert snapshot(home) == {}


def test_without_a_bundle_the_launcher_runs_this_checkout(home: Path) -> None:
    if not (ROOT / ".venv" / "bin" / "python").exists():
        pytest.skip("no .venv in this checkout")
    env = user_env(home)
    install("--source", env=env)
    launcher = home / ".local" / "bin" / "pagemate"
    assert f"{ROOT}/.venv/bin/python" in launcher.read_text()
    version = subprocess.run([str(launcher), "--version"], capture_output=True, text=True)
    assert version.returncode == 0, version.stderr
    assert version.stdout.startswith("Pagemate ")
    uninstall(env, home / ".local" / "share")
    assert snapshot(home) == {}


def test_a_missing_bundle_is_reported_with_what_to_do(home: Path, tmp_path: Path) -> None:
    result = run_script(
        INSTALL, "--bundle", str(tmp_path / "nowhere"), env=user_env(home), check=False
    )
    assert result.returncode != 0
    assert "does not exist" in result.stderr
    assert snapshot(home) == {}


def test_uninstall_cleans_up_after_an_install_that_failed_midway(
    home: Path, tmp_path: Path, fake_bundle: Path
) -> None:
    broken_tools = tmp_path / "broken-tools"
    broken_tools.mkdir()
    failing = broken_tools / "xdg-mime"
    failing.write_text("#!/bin/sh\necho 'xdg-mime: cannot write' >&2\nexit 4\n")
    failing.chmod(0o755)
    env = user_env(home, PATH=f"{broken_tools}:{os.environ.get('PATH', '/usr/bin:/bin')}")
    result = run_script(INSTALL, "--bundle", str(fake_bundle), env=env, check=False)
    assert result.returncode != 0
    assert (home / ".local" / "share" / "pagemate" / "pagemate").exists()  # it got that far
    uninstall(user_env(home), home / ".local" / "share")
    assert snapshot(home) == {}

"""A speech-dispatcher of one's own whose sound goes nowhere: its configuration in a temporary
folder (libao's null driver, so no sound card is needed), spawned by the first QTextToSpeech that
asks for it, and stopped afterwards by the process id it recorded. For the real-voice test and the
Read aloud benchmark."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import signal
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

SPEECHD_CONF = Path("/etc/speech-dispatcher/speechd.conf")
_ENVIRONMENT = ("HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR", "XDG_CACHE_HOME")


def real_voice_missing() -> str:
    """Why this machine cannot speak through Qt and speech-dispatcher ("" if it can)."""
    if importlib.util.find_spec("PySide6.QtTextToSpeech") is None:
        return "Qt's speech module (PySide6-Addons) is not installed"
    if shutil.which("speech-dispatcher") is None or not SPEECHD_CONF.exists():
        return "speech-dispatcher is not installed (scripts/install-system-deps.sh)"
    return ""


@contextlib.contextmanager
def null_speech_dispatcher() -> Iterator[Path]:
    """While inside, this process's speech goes to a private speech-dispatcher with no sound."""
    home = Path(tempfile.mkdtemp(prefix="sd-", dir="/tmp"))  # a socket path must stay short
    config = home / "config" / "speech-dispatcher"
    config.mkdir(parents=True)
    text = SPEECHD_CONF.read_text()
    (config / "speechd.conf").write_text(text + '\nAudioOutputMethod "libao"\nTimeout 5\n')
    (home / ".libao").write_text("default_driver=null\n")
    runtime = home / "run"
    runtime.mkdir(mode=0o700)
    saved = {name: os.environ.get(name) for name in _ENVIRONMENT}
    os.environ.update({"HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
                       "XDG_RUNTIME_DIR": str(runtime), "XDG_CACHE_HOME": str(home / "cache")})
    try:
        yield home
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        _stop_spawned(home)
        shutil.rmtree(home, ignore_errors=True)


def _stop_spawned(home: Path) -> None:
    for pid_file in home.rglob("*.pid"):
        try:
            pid = int(pid_file.read_text().strip())
            os.kill(pid, signal.SIGTERM)
            for _ in range(20):
                time.sleep(0.1)
                os.kill(pid, 0)
            os.kill(pid, signal.SIGKILL)
        except (ValueError, ProcessLookupError, PermissionError):
            pass

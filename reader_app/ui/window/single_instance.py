"""One Pagemate per library: a second launch hands its files to the running window and exits."""

from __future__ import annotations

import getpass
import hashlib
import json
import logging
import time
from pathlib import Path

from PySide6.QtCore import QByteArray, QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

log = logging.getLogger(__name__)

# A hand-off is one JSON line {"files": [...]} from the new launch, answered by one line "ok".
_ACK = b"ok\n"
_LOCK_FILE_NAME = "pagemate-instance.lock"
_MAX_MESSAGE_BYTES = 1 << 20
_MAX_FILES = 256  # one launch hands over a handful of files; more is not a person
_MAX_PATH_CHARS = 4096  # PATH_MAX on Linux
_MAX_NESTING = 4  # the message is {"files": [...]}: deeper brackets are garbage


def _user_name() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no login name in a stripped-down environment
        return str(Path.home())


def server_name(home: Path) -> str:
    """The local socket name for this user and library folder.

    Two libraries (e.g. tests with different READER_APP_HOME) get different names, so they never
    talk to each other; the hash keeps the name short enough for a Unix socket path.
    """
    key = f"{_user_name()}\0{home.expanduser().resolve()}"
    return "pagemate-" + hashlib.sha256(key.encode()).hexdigest()[:24]


class SingleInstance(QObject):
    """Decides at startup whether this process is the running Pagemate or only a messenger.

    Usage at startup, after the QApplication exists and before the window is shown::

        instance = SingleInstance(home)
        if instance.try_hand_off([file] if file else []):
            return 0                     # the running Pagemate opens the file
        instance.fileReceived.connect(window.open_path)
        instance.activationRequested.connect(window.raise_to_front)

    The running instance holds a lock file in the library folder for its whole life. A crashed
    instance leaves the lock and the socket behind; the lock records its process id, so the next
    launch sees that process is gone, takes the lock and replaces the stale socket.
    """

    fileReceived = Signal(str)
    # A second launch without a file: the running window should come to the front.
    activationRequested = Signal()

    def __init__(
        self,
        home: Path,
        parent: QObject | None = None,
        *,
        connect_timeout_ms: int = 3000,
    ) -> None:
        super().__init__(parent)
        self._name = server_name(home)
        self._connect_timeout_ms = connect_timeout_ms
        # QLockFile cannot create its file in a missing folder, and would then look taken.
        home.mkdir(parents=True, exist_ok=True)
        self._lock = QLockFile(str(home / _LOCK_FILE_NAME))
        # 0: never stale by age (the app runs for days); only a dead owner process makes it stale.
        self._lock.setStaleLockTime(0)
        self._server: QLocalServer | None = None
        self._buffers: dict[QLocalSocket, bytes] = {}

    @property
    def name(self) -> str:
        return self._name

    def is_listening(self) -> bool:
        return self._server is not None and self._server.isListening()

    def try_hand_off(self, files: list[str]) -> bool:
        """True if a running Pagemate took `files` (this process should exit), else listen.

        Relative paths are made absolute first: the running instance has its own working folder.
        """
        if self._lock.tryLock(0):
            self._listen()
            return False
        absolute = [str(Path(f).expanduser().absolute()) for f in files]
        if self._send(absolute):
            return True
        # The lock's owner is alive but does not answer (hung, or still starting after our
        # timeout): run on our own rather than leave the reader with nothing. The library
        # database is in WAL mode, so two windows on it are safe, just not ideal.
        log.warning("another Pagemate holds %s but did not answer; starting anyway", self._name)
        return False

    def close(self) -> None:
        """Stop listening and release the lock (also done when the process ends)."""
        if self._server is not None:
            self._server.close()
            self._server = None
        if self._lock.isLocked():
            self._lock.unlock()

    def _listen(self) -> None:
        # We hold the lock, so no other live instance owns this name: any socket file left
        # under it belongs to a crashed instance and can go.
        QLocalServer.removeServer(self._name)
        server = QLocalServer(self)
        # Only this user may connect: another user's launch must not open files in our window.
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self._name):
            log.warning("cannot listen on %s: %s", self._name, server.errorString())
            return
        server.newConnection.connect(self._accept)
        self._server = server

    def _send(self, files: list[str]) -> bool:
        message = json.dumps({"files": files}).encode() + b"\n"
        deadline = time.monotonic() + self._connect_timeout_ms / 1000
        # The lock owner may have taken the lock but not yet called listen(): retry briefly.
        while True:
            socket = QLocalSocket()
            socket.connectToServer(self._name)
            if socket.waitForConnected(self._remaining_ms(deadline)):
                break
            socket.abort()
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)
        socket.write(QByteArray(message))
        if not socket.waitForBytesWritten(self._remaining_ms(deadline)):
            socket.abort()
            return False
        reply = b""
        # The answer may already be buffered (it can arrive while the write is confirmed), and
        # waitForReadyRead only waits for more, so read first and wait only when short.
        while True:
            reply += bytes(socket.readAll().data())
            if reply.endswith(b"\n") or not socket.waitForReadyRead(self._remaining_ms(deadline)):
                break
        socket.disconnectFromServer()
        return reply == _ACK

    @staticmethod
    def _remaining_ms(deadline: float) -> int:
        return max(1, int((deadline - time.monotonic()) * 1000))

    def _accept(self) -> None:
        assert self._server is not None
        while self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            self._buffers[socket] = b""
            socket.readyRead.connect(lambda socket=socket: self._read(socket))
            socket.disconnected.connect(lambda socket=socket: self._forget(socket))
            # Data may have arrived before readyRead was connected.
            if socket.bytesAvailable():
                self._read(socket)

    def _read(self, socket: QLocalSocket) -> None:
        buffer = self._buffers.get(socket, b"") + bytes(socket.readAll().data())
        if len(buffer) > _MAX_MESSAGE_BYTES:
            log.warning("dropping an oversized hand-off message")
            socket.abort()
            return
        if not buffer.endswith(b"\n"):
            self._buffers[socket] = buffer
            return
        self._buffers[socket] = b""
        files = self._parse(buffer)
        if files is None:
            socket.abort()
            return
        socket.write(QByteArray(_ACK))
        socket.flush()
        if files:
            for path in files:
                self.fileReceived.emit(path)
        else:
            self.activationRequested.emit()

    @staticmethod
    def _parse(message: bytes) -> list[str] | None:
        # json.loads recurses once per bracket: a megabyte of "[" would reach RecursionError.
        if message.count(b"[") + message.count(b"{") > _MAX_NESTING * 2 + _MAX_FILES:
            log.warning("ignoring a malformed hand-off message")
            return None
        try:
            payload = json.loads(message)
        except (ValueError, RecursionError):
            log.warning("ignoring a malformed hand-off message")
            return None
        files = payload.get("files") if isinstance(payload, dict) else None
        if (
            not isinstance(files, list)
            or len(files) > _MAX_FILES
            or not all(isinstance(f, str) and 0 < len(f) <= _MAX_PATH_CHARS for f in files)
        ):
            log.warning("ignoring a hand-off message without a usable file list")
            return None
        return files

    def _forget(self, socket: QLocalSocket) -> None:
        self._buffers.pop(socket, None)
        socket.deleteLater()

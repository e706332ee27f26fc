"""Which model server an address names and how to speak to it, the servers a reader can pick from,
and whether an address is this computer (book text leaves it only with the reader's consent).

An address whose path ends in `/v1` is an OpenAI-compatible server (LM Studio, llama.cpp's server,
Jan, vLLM, KoboldCpp, LocalAI, and Ollama's own `/v1`); any other is an Ollama host.

Where text may go is decided by where the connection goes, not by how the address is spelt: a
name is resolved once (`locate`), the server is this computer only when every address it resolves
to is a loopback address, and the connection is made to that address (the transport is pinned to
it: no second lookup can send it elsewhere). `llm.localhost` that resolves to another machine is
another machine.
"""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx

from reader_app.errors import ServerAddressError
from reader_app.printable import printable
from reader_app.rag.model.keys import ApiKeys
from reader_app.rag.model.ollama_wire import OllamaWire
from reader_app.rag.model.openai_wire import OpenAIWire
from reader_app.rag.model.wire import (
    MAX_LINE_BYTES,
    MAX_REPLY_BYTES,
    Api,
    Wire,
    resolve_addresses,
)
from reader_app.settings import SettingsStore
from reader_app.store.file_lock import database_file
from reader_app.translatable import QT_TRANSLATE_NOOP, Sentence, sentence


@dataclass(frozen=True, slots=True)
class Preset:
    """A server a reader may run, with the address it listens on by default."""

    name: str
    url: str
    api: Api


PRESETS: tuple[Preset, ...] = (
    Preset("Ollama", "http://127.0.0.1:11434", "ollama"),
    Preset("LM Studio", "http://127.0.0.1:1234/v1", "openai"),
    Preset("llama.cpp server", "http://127.0.0.1:8080/v1", "openai"),
    Preset("Jan", "http://127.0.0.1:1337/v1", "openai"),
    Preset("vLLM", "http://127.0.0.1:8000/v1", "openai"),
    Preset("KoboldCpp", "http://127.0.0.1:5001/v1", "openai"),
    Preset("LocalAI", "http://127.0.0.1:8080/v1", "openai"),
)
# The Settings page's last server choice (its key; the page shows it translated)
OTHER_OPENAI = QT_TRANSLATE_NOOP("AssistantSettingsPage", "Other OpenAI-compatible server")


def normalised(url: str) -> str:
    """`url` with a scheme and without a trailing slash ("localhost:1234/v1/" -> "http://…/v1")."""
    url = url.strip()
    if url and "://" not in url:
        url = f"http://{url}"
    return url.rstrip("/")


def api_of(url: str) -> Api:
    """"openai" for an address whose path ends in /v1, else "ollama"."""
    return "openai" if urlsplit(normalised(url)).path.rstrip("/").endswith("/v1") else "ollama"


def host_of(url: str) -> str:
    """The host name of an address, without port or brackets ("" when it has none)."""
    try:
        return (urlsplit(normalised(url)).hostname or "").lower()
    except ValueError:  # "http://[::1": no host a connection could be made to
        return ""


def port_of(url: str) -> int:
    """The port an address connects to: its own, or its scheme's (0: none can be told)."""
    try:
        parts = urlsplit(normalised(url))
        return parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return 0


def origin_of(url: str) -> str:
    """scheme://host:port: the one server an address names, what an API key is bound to."""
    try:
        scheme = urlsplit(normalised(url)).scheme.lower()
    except ValueError:
        return ""
    host = host_of(url)
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port_of(url)}" if host else ""


@dataclass(frozen=True, slots=True)
class ServerPlace:
    """Where a connection to a server goes: its host, port and the addresses it resolved to
    once, and whether that is this computer."""

    host: str
    port: int
    addresses: tuple[str, ...]
    this_computer: bool

    @property
    def elsewhere(self) -> str:
        """The host read text goes to when it is another computer (for receipts); else ""."""
        return "" if self.this_computer else self.host


def locate(url: str, *, remote_hosts: tuple[str, ...] = ()) -> ServerPlace:
    """Resolve `url`'s host once. It is this computer only when every address is a loopback
    address (and the host is not one of `remote_hosts`: loopback addresses treated as another
    computer, a setting for tests of the consent)."""
    host, port = host_of(url), port_of(url)
    try:
        addresses: tuple[str, ...] = (str(ipaddress.ip_address(host)),)
    except ValueError:
        addresses = resolve_addresses(host, port) if host else ()
    here = bool(addresses) and host not in remote_hosts and all(
        _is_loopback(address) for address in addresses)
    return ServerPlace(host, port, addresses, here)


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def is_this_computer(url: str, *, remote_hosts: tuple[str, ...] = ()) -> bool:
    """Whether a connection to `url` stays on this computer (`locate`: it may ask the
    resolver, so not on the UI thread)."""
    return locate(url, remote_hosts=remote_hosts).this_computer


def spelt_as_this_computer(url: str, *, remote_hosts: tuple[str, ...] = ()) -> bool:
    """Whether `url` names this computer without asking any resolver: a loopback address, or
    `localhost` itself. For what a form shows while the reader types; whether text may go is
    still decided by `locate` when it is sent, so a name that resolves elsewhere is refused."""
    host = host_of(url)
    if not host or host in remote_hosts:
        return False
    return host == "localhost" or _is_loopback(host)


def preset_for(url: str) -> Preset | None:
    """The preset whose default address `url` is, if any (the first of two that share one)."""
    wanted = normalised(url)
    return next((p for p in PRESETS if normalised(p.url) == wanted), None)


def address_problem(url: str) -> str:
    """What keeps `url` (as typed; read as `normalised` reads it) from being a model server's
    address, in a sentence a reader can act on; "" when nothing does. Where an address is typed
    (--server, Settings) and where one is read for a request (`open_wire`)."""
    problem = address_sentence(url)
    return str(problem) if problem is not None else ""


def address_sentence(url: str) -> Sentence | None:
    """`address_problem` as a sentence the window translates; None when nothing is wrong."""
    url = normalised(url)
    shown = printable(url, one_line=True)
    if not url:
        return sentence(QT_TRANSLATE_NOOP(
            "Errors", "The server address is empty; type one, such as http://127.0.0.1:11434."))
    if any(char.isspace() or not char.isprintable() for char in url):
        return sentence(QT_TRANSLATE_NOOP(
            "Errors", "The server address “{url}” has a space or an invisible character in it; "
            "type it again without."), url=shown)
    try:
        parts = urlsplit(url)
        port = parts.port  # a port out of range, or not a number, raises here
        httpx.URL(url)
    except (ValueError, httpx.InvalidURL) as error:
        return sentence(QT_TRANSLATE_NOOP(
            "Errors", "The server address “{url}” cannot be read ({detail}); an address looks "
            "like http://127.0.0.1:11434, or http://127.0.0.1:8080/v1."),
            url=shown, detail=printable(str(error), one_line=True))
    if parts.scheme not in ("http", "https"):
        return sentence(QT_TRANSLATE_NOOP(
            "Errors", "The server address “{url}” must start with http:// or https://."),
            url=shown)
    if not parts.hostname:
        return sentence(QT_TRANSLATE_NOOP(
            "Errors", "The server address “{url}” names no computer to connect to."), url=shown)
    if port == 0:
        return sentence(QT_TRANSLATE_NOOP(
            "Errors", "The server address “{url}” names no port to connect to."), url=shown)
    return None


def usable_address(url: str) -> str:
    """`url` normalised, where it can be a model server's address; else ServerAddressError."""
    if (problem := address_sentence(url)) is not None:
        raise ServerAddressError(problem)
    return normalised(url)


def open_wire(url: str, *, timeout: float, connect_timeout: float, api_key: str = "",
              max_line_bytes: int = MAX_LINE_BYTES,
              max_reply_bytes: int = MAX_REPLY_BYTES) -> Wire:
    """The wire that speaks to the server at `url`, by the API its address names."""
    url = usable_address(url)
    if api_of(url) == "openai":
        return OpenAIWire(url, timeout=timeout, connect_timeout=connect_timeout,
                          api_key=api_key, max_line_bytes=max_line_bytes,
                          max_reply_bytes=max_reply_bytes)
    return OllamaWire(url, timeout=timeout, connect_timeout=connect_timeout,
                      max_line_bytes=max_line_bytes, max_reply_bytes=max_reply_bytes)


def api_keys(settings: SettingsStore) -> ApiKeys:
    """The library's API keys (`keys.py`); a key from before keys were bound to servers counts
    for the address that was in Settings with it, read as stored (not `--server`'s)."""
    conn = settings.conn
    database = database_file(conn)
    row = conn.execute("SELECT key, value FROM settings WHERE key IN "
                       "('assistant.api_key', 'assistant.ollama_host')").fetchall()
    stored = {str(name): _json_text(value) for name, value in row}
    legacy = (origin_of(stored.get("assistant.ollama_host", "")),
              stored.get("assistant.api_key", ""))
    return ApiKeys(None if database is None else database.parent, legacy=legacy)


def _json_text(value: object) -> str:
    try:
        loaded = json.loads(str(value))
    except ValueError:
        return ""
    return loaded if isinstance(loaded, str) else ""


@dataclass(frozen=True, slots=True)
class ServerChoice:
    """The server and model the reader chose, with what may be sent there: the API key, and the
    hosts on other computers they agreed to send read text to."""

    url: str
    model: str
    api_key: str = ""
    allowed_remote_hosts: tuple[str, ...] = ()
    treat_as_remote: tuple[str, ...] = ()

    @classmethod
    def from_settings(cls, settings: SettingsStore) -> ServerChoice:
        """The server in Settings (or `--server` for this call), with the key bound to it."""
        url = normalised(str(settings.get("assistant.ollama_host")))
        return cls(
            url=url,
            model=str(settings.get("assistant.model")),
            api_key=api_keys(settings).get(origin_of(url)),
            allowed_remote_hosts=tuple(settings.get("assistant.allowed_remote_hosts")),
            treat_as_remote=tuple(settings.get("assistant.treat_as_remote")),
        )

    def place(self) -> ServerPlace:
        """Where a connection to this server goes, resolved now (once per call); an address
        that cannot be used is a `ServerAddressError` saying why, before anything is resolved."""
        usable_address(self.url)
        return locate(self.url, remote_hosts=self.treat_as_remote)

    def allowed_at(self, place: ServerPlace) -> bool:
        """Whether read text may go to `place`: this computer, or a host the reader agreed to."""
        return place.this_computer or place.host in self.allowed_remote_hosts

    @property
    def allowed(self) -> bool:
        """Whether read text may be sent: the server is here, or the reader agreed to its host."""
        return self.allowed_at(self.place())

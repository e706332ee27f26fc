"""How the assistant's settings page names a server and says why Test connection failed: a
server's kind (the model it brings) and name, and a failure's advice in words that fit the page
the reader is on (no Qt)."""

from __future__ import annotations

import re

from reader_app.errors import RemoteServerNotAllowedError
from reader_app.rag.model.servers import OTHER_OPENAI, api_of, host_of, preset_for
from reader_app.ui.translation import said, translate


def server_kind(url: str) -> str:
    """Which server an address is for the model it brings: its preset's name ("LM Studio"),
    else "Ollama" or the other OpenAI-compatible kind, by its API."""
    preset = preset_for(url)
    if preset is not None:
        return preset.name
    return "Ollama" if api_of(url) == "ollama" else OTHER_OPENAI


def server_name(url: str) -> str:
    """What a server at `url` is called on this page: its preset's name, at its address when
    that is not the preset's own ("Ollama at http://127.0.0.1:11561")."""
    preset = preset_for(url)
    if preset is not None:
        return preset.name
    name = "Ollama" if api_of(url) == "ollama" else translate(
        "AssistantSettingsPage", "An OpenAI-compatible server")
    return translate("AssistantSettingsPage", "{0} at {1}").format(name, url)


# A failure's advice as the window gives it ("… in Settings"), said where the reader already is.
_IN_SETTINGS = (
    (re.compile(r"\bthe (host|server address|server) in Settings\b"), "the address above"),
    (re.compile(r"\bthe key in Settings\b"), "the API key above"),
    (re.compile(r" in Settings\b"), " above"),
)


def said_in_settings(error: BaseException) -> str:
    """Why Test connection failed, in words that fit this page: not "choose another server in
    Settings" while the reader is in Settings."""
    if isinstance(error, RemoteServerNotAllowedError):
        host = host_of(error.host) or error.host
        return translate("AssistantSettingsPage", "Nothing was asked of {0}: it is not on this "
                         "computer. Tick “Send the text I have read to {0}” above if you agree, "
                         "then test the connection again.").format(host)
    text = said(error)  # the patterns below fit its English; a translation says "Settings" as is
    for pattern, words in _IN_SETTINGS:
        text = pattern.sub(words, text)
    return text

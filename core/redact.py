"""Secrets never leave in an error message (``scrub``).

A provider's error may repeat the API key it was sent (``Incorrect API key provided: sk-…``), and
error messages are stored where the agent reads them (``cycle.json``, round traces) and printed.
``scrub`` is the one function every such boundary calls: the error itself (``LLMError``), the
trace writer, the team files the scribe writes, the command line's stderr, the tools' error
replies (CLI, MCP) and the workbench's connection test. An error leaving the process is worded
by ``error_text`` (the command line's stderr, ``--json``, the MCP server, a chat reply, a failed
span of a trace and so the Rounds pane): one place, scrubbed.

What is scrubbed:
- every key this process was given (``remember``: the provider's key, from settings, the keyring
  or the environment);
- the value of every environment variable whose name says it is a secret (``*_API_KEY``,
  ``*_TOKEN``, ``*SECRET*``, ``*PASSWORD*``), read at each call so a key set later is covered;
- what looks like a key even when we never saw it: ``sk-…`` style tokens and ``Bearer …``
  credentials.
Values shorter than ``MIN_SECRET`` characters are not taken as secrets: scrubbing ``"1"`` would
garble every message.
"""
from __future__ import annotations

import os
import re
import threading
from typing import Any

MASK = "***"
MIN_SECRET = 8

_SECRET_NAME = re.compile(r"(API_?KEY|TOKEN|SECRET|PASSWORD)", re.IGNORECASE)
_LOOKS_LIKE_KEY = re.compile(r"\b(sk|pk|rk)-[A-Za-z0-9_\-]{16,}|(?<=Bearer )[A-Za-z0-9._\-~+/=]{12,}")
_known: set[str] = set()
_lock = threading.Lock()


def remember(secret: str | None) -> None:
    """Scrub ``secret`` from every message from now on (in this process)."""
    if secret and len(secret) >= MIN_SECRET:
        with _lock:
            _known.add(secret)


def _secrets() -> list[str]:
    with _lock:
        found = set(_known)
    found.update(v for k, v in os.environ.items() if _SECRET_NAME.search(k) and len(v) >= MIN_SECRET)
    return sorted(found, key=len, reverse=True)  # a key that contains another goes first


def scrub(text: Any, *secrets: str | None) -> str:
    """``text`` (any value, as ``str``) with every secret replaced by ``***``; ``secrets`` are
    more to mask this once (a key typed in a dialog and not used yet)."""
    s = str(text)
    extra = [x for x in secrets if x and len(x) >= MIN_SECRET]
    for secret in sorted(set(_secrets()) | set(extra), key=len, reverse=True):
        if secret in s:
            s = s.replace(secret, MASK)
    return _mask_key_shapes(s)


def _mask_key_shapes(s: str) -> str:
    """``_LOOKS_LIKE_KEY.sub(MASK, s)``, without trying the pattern at every position.

    Every match starts one character before a ``k-`` or right after a ``Bearer ``; those
    literals are found by ``str.find`` (fast C), and the pattern is tried only there, in order,
    as ``sub`` would scan (``match`` at a position still sees the text before it for ``\\b`` and
    the lookbehind). A round's trace is megabytes of JSON: scanning it with the pattern
    position by position took a quarter of a second."""
    starts = sorted({i - 1 for i in _find_all(s, "k-") if i >= 1}
                    | {i + len("Bearer ") for i in _find_all(s, "Bearer ")})
    if not starts:
        return s
    out, done = [], 0
    for start in starts:
        if start < done:
            continue
        m = _LOOKS_LIKE_KEY.match(s, start)
        if m:
            out += (s[done:m.start()], MASK)
            done = m.end()
    return "".join(out) + s[done:] if out else s


def _find_all(s: str, literal: str) -> list[int]:
    found, i = [], s.find(literal)
    while i >= 0:
        found.append(i)
        i = s.find(literal, i + 1)
    return found


def error_text(error: BaseException | str, *, kind: bool = True) -> str:
    """What ``error`` says when it leaves the process: ``Type: message`` (``kind=False``: the
    message alone, for our own errors whose message is written for the user), secrets masked."""
    if isinstance(error, BaseException):
        message = str(error) or type(error).__name__
        text = f"{type(error).__name__}: {message}" if kind and str(error) else message
    else:
        text = str(error)
    return scrub(text)


def scrub_data(value: Any) -> Any:
    """``scrub`` applied to every string inside JSON-like data (dict keys included)."""
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, dict):
        return {scrub_data(k): scrub_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [scrub_data(v) for v in value]
    return value

"""Secrets never enter the home's history: the captured copy of a settings file holds a marker
where the file holds a key.

Which values: in ``workbench.json`` (``SECRET_FILES``), the string value of every field, at any
depth, whose name is a secret's (``SECRET_NAMES``, compared without case, ``_`` or ``-``):
``llm.apiKey`` (and its ``api_key`` spelling, which ``LLMSettings`` reads too), and the names any
provider block pasted in would use (``accessToken``, ``password``, ``secret``...). ``maxTokens``
and other names that merely contain one are not secrets, nor are bare ``key`` or ``token`` (an
alias table's words are the user's). An empty value is left as it is.

The choice (not the keyring): the live file keeps the key as the user wrote it, and only what
enters the history is changed. The key moving to the keyring would rewrite a file the user edits
by hand (the CLI's own hint says to put the key there), and a headless agent machine has no
keyring backend (the workbench falls back to keeping the key in memory): the CLI would lose the
key. The agent never reads ``workbench.json``; the files it reads are not touched here.

How: each secret value's JSON string is replaced by ``MARKER``'s, in the bytes, so the captured
copy differs from the file only there (a diff of two versions shows what really changed). When the
text still parses to a secret the substitution missed (a field name written with ``\\u`` escapes),
the copy is the parsed object written again, markers in place. A file that is not JSON gets the
substitution alone: the best we can do for a half-edited file, never worse than keeping it.

Every way into the history goes through ``keep_out``: the capture hook (before the state is
queued or written down in ``<home>.pending/``), ``HomeHistory.record`` and ``scan``, and what is
read back out (``read``, ``materialize``): a state captured before this existed shows the marker
too, until ``linghun history scrub`` (``HomeHistory.scrub``) rewrites it. Restoring a version
puts the live file's key back where the version has the marker (``put_back``): a restore never
wipes the user's key. A marker that reaches ``LLMSettings`` anyway is read as no key.

No pygit2 here: the capture hook imports this module in every command.
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterator

#: what a secret value reads as in the history; a JSON string, so the captured copy stays JSON
MARKER = "<kept out of the history>"
#: files of the home (relative to its ``linghun`` folder) whose secret fields are kept out
SECRET_FILES = ("workbench.json",)
#: field names of secrets, lower case without ``_`` and ``-``
SECRET_NAMES = frozenset({"apikey", "accesstoken", "authtoken", "bearertoken", "authorization", "secret",
                          "clientsecret", "password", "passwd"})

_STRING = r'"((?:[^"\\]|\\.)*)"'
#: a field whose value is a string: ``"name" : "value"``
_FIELD = re.compile(_STRING.encode() + rb"(\s*:\s*)" + _STRING.encode(), re.DOTALL)
#: a secret field's value cut short (a file saved half edited): to the end of its line
_OPEN = re.compile(_STRING.encode() + rb'(\s*:\s*)"((?:[^"\\\n]|\\.)*)$', re.MULTILINE)
_MARKED = json.dumps(MARKER).encode("utf-8")


def is_secret_file(relative: str) -> bool:
    return relative in SECRET_FILES


def _folded(name: str) -> str:
    """A field name as :data:`SECRET_NAMES` spells it: ``api_key``, ``API-Key`` -> ``apikey``."""
    return name.lower().replace("_", "").replace("-", "")


def is_secret_name(name: str) -> bool:
    return _folded(name) in SECRET_NAMES


def _decoded(raw: bytes) -> str | None:
    """A JSON string's content from its bytes between the quotes (None: not a valid string)."""
    try:
        value = json.loads(b'"' + raw + b'"')
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def _is_secret(name: str | None, value: str | None) -> bool:
    return name is not None and is_secret_name(name) and bool(value) and value != MARKER


def _walk(value: Any) -> Iterator[tuple[str, Any]]:
    """Every (field name, value) pair of a parsed JSON value, at any depth."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield k, v
            yield from _walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v)


def _parsed(data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None


def secret_values(data: bytes) -> set[str]:
    """The secrets ``data`` (a settings file's bytes) holds, parsed or, if it does not parse, as
    far as the field pattern finds them."""
    found: set[str] = set()
    for m in (*_FIELD.finditer(data), *_OPEN.finditer(data)):
        value = _decoded(m.group(3))
        if _is_secret(_decoded(m.group(1)), value):
            found.add(value)  # type: ignore[arg-type]
    found.update(v for k, v in _walk(_parsed(data)) if isinstance(v, str) and _is_secret(k, v))
    return found


def _mask(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: (MARKER if isinstance(v, str) and _is_secret(k, v) else _mask(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_mask(v) for v in value]
    return value


def keep_out(relative: str, data: bytes | None) -> bytes | None:
    """``data`` as the history keeps it: unchanged unless ``relative`` is a settings file holding
    a secret, whose every secret value is then ``MARKER``."""
    if data is None or not is_secret_file(relative) or not data:
        return data

    def marked(m: re.Match) -> bytes:
        if _is_secret(_decoded(m.group(1)), _decoded(m.group(3))):
            return b'"' + m.group(1) + b'"' + m.group(2) + _MARKED
        return m.group(0)

    out = _FIELD.sub(marked, data)
    parsed = _parsed(out)
    if parsed is None:
        out = _OPEN.sub(marked, out)
    if parsed is not None and any(isinstance(v, str) and _is_secret(k, v) for k, v in _walk(parsed)):
        # the substitution missed one (an escaped field name): the object again, as write_json writes
        out = (json.dumps(_mask(parsed), ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return out


def holds_secret(relative: str, data: bytes | None) -> bool:
    """Whether the history would keep other bytes than ``data`` for ``relative``."""
    return keep_out(relative, data) != data


def put_back(relative: str, restored: bytes | None, live: bytes | None) -> bytes | None:
    """``restored`` (a version read from the history) with each ``MARKER`` replaced by the live
    file's value of the same field name (its n-th such field for the n-th marked one, else its
    last): restoring settings never wipes the key the user has now. A field the live file has no
    value for keeps the marker, which the settings read as no key."""
    if restored is None or live is None or not is_secret_file(relative) or _MARKED not in restored:
        return restored
    live_values: dict[str, list[bytes]] = {}
    for m in _FIELD.finditer(live):
        name = _decoded(m.group(1))
        if _is_secret(name, _decoded(m.group(3))):
            live_values.setdefault(_folded(name), []).append(m.group(3))
    seen: dict[str, int] = {}

    def unmarked(m: re.Match) -> bytes:
        name = _decoded(m.group(1))
        if name is None or not is_secret_name(name) or _decoded(m.group(3)) != MARKER:
            return m.group(0)
        norm = _folded(name)
        values = live_values.get(norm)
        if not values:
            return m.group(0)
        n = seen.get(norm, 0)
        seen[norm] = n + 1
        return b'"' + m.group(1) + b'"' + m.group(2) + b'"' + values[min(n, len(values) - 1)] + b'"'

    return _FIELD.sub(unmarked, restored)


__all__ = ["MARKER", "SECRET_FILES", "SECRET_NAMES", "holds_secret", "is_secret_file", "is_secret_name",
           "keep_out", "put_back", "secret_values"]

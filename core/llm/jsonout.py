"""Reading a JSON object out of an LLM reply.

Models asked for "strict JSON" still wrap it in a Markdown fence or a sentence now and then; the
object is taken from the first ``{`` to its matching ``}``. A small model's near-JSON (a trailing
comma, single quotes, curly quotes, Python's ``True`` / ``None``) is repaired before it is given up
on (servers without structured output). Anything else is ``LLMError(bad_json)`` so the caller falls
back to its offline behaviour and the trace says why.
"""
from __future__ import annotations

import json
import re
from typing import Any

from linghun.core.llm.base import LLMError


def parse_json_object(text: str) -> dict[str, Any]:
    """The first JSON object in ``text``; ``LLMError(kind="bad_json")`` when there is none."""
    if not isinstance(text, str) or not text.strip():
        raise LLMError("the model returned no text where a JSON object was expected", kind="bad_json")
    start = text.find("{")
    while start != -1:
        end = _matching_brace(text, start)
        if end == -1:
            break
        try:
            value = _loads(text[start:end + 1])
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict):
            return value
        start = text.find("{", end + 1)
    snippet = text.strip().replace("\n", " ")[:120]
    raise LLMError(f"the model's reply holds no JSON object: {snippet!r}", kind="bad_json")


_CURLY = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"})
_TRAILING_COMMA = re.compile(r",\s*([}\]])")
_SINGLE_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")
_PYTHON_WORDS = re.compile(r"\b(True|False|None)\b")


def _loads(candidate: str):
    """``json.loads``, then once more on the text repaired (``JSONDecodeError`` if still not JSON)."""
    try:
        return json.loads(candidate)
    except json.JSONDecodeError:
        repaired = candidate.translate(_CURLY)
        repaired = _SINGLE_QUOTED.sub(lambda m: json.dumps(m.group(1), ensure_ascii=False), repaired)
        repaired = _PYTHON_WORDS.sub(lambda m: {"True": "true", "False": "false", "None": "null"}[m.group(1)],
                                     repaired)
        return json.loads(_TRAILING_COMMA.sub(r"\1", repaired))


def _matching_brace(text: str, start: int) -> int:
    """Index of the ``}`` closing the ``{`` at ``start`` (strings respected), or -1."""
    depth = 0
    in_string = False
    escaped = False
    for i in range(start, len(text)):
        ch = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i
    return -1

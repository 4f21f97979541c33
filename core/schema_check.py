"""Checking untrusted JSON data against a JSON schema (``jsonschema``), with one-line reasons.

Two kinds of data come from outside and are checked so: what is read from the home that another
program may have written (the intent record of ``core.transaction``) and the arguments an agent
sends to a tool (``core.tools``, the MCP server). ``Schema(schema).problem(value)`` is the first
problem as one line (``files[0].after: 5 is not of type 'string', 'null'``), ``None`` when the
value conforms.

Nesting is bounded before the schema is applied: a value nested deeper than ``MAX_DEPTH`` is
refused without recursing into it (jsonschema, like every recursive walker, would otherwise
exhaust the stack or take minutes).
"""
from __future__ import annotations

from typing import Any

__all__ = ["MAX_DEPTH", "Schema", "depth_exceeds", "json_path", "lone_surrogate"]

#: how deeply lists and objects may nest in checked data (a memory entry's content is an object
#: of strings or a list: 3 levels are plenty; 32 leaves room for any honest payload)
MAX_DEPTH = 32


def depth_exceeds(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests lists / objects more than ``limit`` levels (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


class Schema:
    """A JSON schema (draft 2020-12) compiled once, on first use."""

    def __init__(self, schema: dict[str, Any]):
        self.schema = schema
        self._validator = None

    def _compiled(self):
        if self._validator is None:
            jsonschema = _jsonschema()
            cls = jsonschema.validators.validator_for(self.schema, default=jsonschema.Draft202012Validator)
            cls.check_schema(self.schema)
            self._validator = cls(self.schema, format_checker=cls.FORMAT_CHECKER)
        return self._validator

    def first_error(self, value: Any):
        """The most relevant ``jsonschema.ValidationError`` of ``value``, or ``None`` (nesting is
        the caller's to bound first: ``depth_exceeds``)."""
        return _jsonschema().exceptions.best_match(self._compiled().iter_errors(value))

    def problem(self, value: Any, where: str = "") -> str | None:
        """The first problem of ``value`` in one line (``where`` prefixes its path), or ``None``."""
        if depth_exceeds(value):
            return f"{where or 'the value'} nests more than {MAX_DEPTH} levels of lists or objects"
        error = self.first_error(value)
        if error is None:
            return None
        path = where + json_path(error.absolute_path)
        return f"{path.lstrip('.')}: {_short(error.message)}" if path else _short(error.message)


def json_path(parts) -> str:
    """``.files[0].after`` for the parts of a path into JSON data."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts)


def lone_surrogate(value: Any) -> str | None:
    """The path (``json_path``) of the first string in ``value`` holding a lone surrogate, which no
    UTF-8 file can store (JSON's ``"\\ud800"`` decodes to one), else ``None``."""
    stack: list[tuple[Any, tuple]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return json_path(path)
        elif isinstance(item, dict):
            stack.extend((v, path + (k,)) for k, v in item.items())
            stack.extend((k, path + (k,)) for k in item if isinstance(k, str))
        elif isinstance(item, (list, tuple)):
            stack.extend((v, path + (i,)) for i, v in enumerate(item))
    return None


def _jsonschema():
    """The ``jsonschema`` module, imported on first use: it costs a tenth of a second at start-up,
    and most commands never check anything against a schema."""
    import jsonschema

    return jsonschema


def _short(message: str, limit: int = 200) -> str:
    line = " ".join(message.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"

"""identity.md, the soul card (SPEC 7).

Fields ``名字：``, ``性格：``, ``沟通风格：``, ``其他：`` (a full-width or an ASCII colon). A field's
value is the rest of its line plus the lines that follow it up to the next field line (``其他：``
usually holds a list). The card keeps its text as is: ``render()`` returns it unchanged, and
``with_field`` rewrites only the lines of one field.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from linghun.core.errors import InvalidInputError

FIELDS = ("名字", "性格", "沟通风格", "其他")
NAME_PLACEHOLDER = "（你的名字或称呼）"
_FIELD_LINE = re.compile(r"^[ \t]*(?P<field>名字|性格|沟通风格|其他)[ \t]*(?P<colon>[:：][ \t]*)(?P<value>.*?)[ \t\r]*$")
_NAME = re.compile(r"名字[:：][ \t]*(?P<value>.*?)[ \t\r]*$")


@dataclass
class IdentityField:
    """One field: its value and the line span ``[start, end)`` it occupies."""

    name: str
    value: str
    colon: str
    start: int
    end: int


@dataclass
class IdentityCard:
    text: str
    fields: list[IdentityField] = field(default_factory=list)

    def render(self) -> str:
        return self.text

    def get(self, name: str) -> str | None:
        f = next((f for f in self.fields if f.name == name), None)
        return None if f is None else f.value

    def as_dict(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for f in self.fields:
            out.setdefault(f.name, f.value)
        return out

    @property
    def name(self) -> str | None:
        return identity_name(self.text)

    def with_field(self, name: str, value: str) -> "IdentityCard":
        """A new card with field ``name`` set to ``value``; every other byte is kept.

        A missing field is added at the end of the card.
        """
        if name not in FIELDS:
            raise InvalidInputError(f"unknown identity field {name!r} (one of {', '.join(FIELDS)})")
        value = str(value).replace("\r\n", "\n").strip("\n")
        lines = self.text.split("\n")
        f = next((f for f in self.fields if f.name == name), None)
        if f is None:
            text = self.text
            if text and not text.endswith("\n"):
                text += "\n"
            return parse_identity(f"{text}{name}：{value}\n")
        first, *rest = value.split("\n") if value else [""]
        new = [f"{name}{f.colon}{first}", *rest]
        # keep the blank lines that separated this field from the next one
        tail = []
        j = f.end
        while j > f.start + 1 and not lines[j - 1].strip():
            tail.insert(0, lines[j - 1])
            j -= 1
        return parse_identity("\n".join(lines[: f.start] + new + tail + lines[f.end:]))


def parse_identity(text: str) -> IdentityCard:
    """Parse the soul card; never raises."""
    lines = text.split("\n")
    fields: list[IdentityField] = []
    for i, line in enumerate(lines):
        m = _FIELD_LINE.match(line)
        if m:
            if fields:
                fields[-1].end = i
            fields.append(IdentityField(m.group("field"), m.group("value"), m.group("colon"), i, len(lines)))
    for f in fields:
        extra = [ln.rstrip("\r") for ln in lines[f.start + 1: f.end]]
        value = "\n".join([f.value, *extra]).strip()
        f.value = value
    if fields and text.endswith("\n") and fields[-1].end == len(lines):
        fields[-1].end = len(lines) - 1  # the empty string after the final newline is not a line
    return IdentityCard(text=text, fields=fields)


def identity_name(text: str) -> str | None:
    """The first ``名字[:：] value`` line's value; the template placeholder counts as no name."""
    for line in text.split("\n"):
        m = _NAME.search(line)
        if m:
            value = m.group("value").strip()
            if value and value != NAME_PLACEHOLDER:
                return value
    return None


def update_field(text: str, name: str, value: str) -> str:
    """``text`` with field ``name`` set to ``value``, every other byte kept (see ``with_field``)."""
    return parse_identity(text).with_field(name, value).render()

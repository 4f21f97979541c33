"""A check and the entries it expects (``core/CHECKS.md`` documents the JSON form)."""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from linghun.core.errors import InvalidInputError
from linghun.core.formats.warm import WarmEntry, content_id

MADE_FROM = ("round", "gap", "hand")


def one_line(text: str) -> str:
    """White space folded: how consolidation writes a body and how a context is compared."""
    return " ".join(str(text or "").split())


@dataclass(frozen=True)
class Expected:
    """One entry of a check, as it stood when the check was made.

    Attributes:
        id: ``content_id`` of stamp, kind and body: the entry untouched, touched or with another
            confidence (``core.formats.warm``).
        stamp, kind, body: what finds it again after a flip (same body), an edit (same stamp and
            kind, a similar body) or a consolidation (its line in an ontology part).
    """

    id: str
    stamp: str
    kind: str
    body: str

    @classmethod
    def of(cls, entry: WarmEntry) -> "Expected":
        return cls(content_id(entry.stamp, entry.kind, entry.body), entry.stamp, entry.kind, entry.body)

    @property
    def text(self) -> str:
        return one_line(self.body)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "stamp": self.stamp, "kind": self.kind, "body": self.body}

    @classmethod
    def from_dict(cls, data: Any) -> "Expected":
        if not isinstance(data, dict) or not isinstance(data.get("body"), str) or not data["body"].strip():
            raise InvalidInputError(f"an expected entry needs a body, got {data!r}")
        stamp, kind = str(data.get("stamp") or ""), str(data.get("kind") or "")
        return cls(str(data.get("id") or content_id(stamp, kind, data["body"])), stamp, kind, data["body"])


def new_check_id() -> str:
    return f"c{secrets.token_hex(4)}"


@dataclass
class Check:
    """A question and the entries the agent must be shown for it (``expect``) and must not be
    shown (``forbid``: flipped facts). ``made_from``: ``round:<id>``, ``gap:<at>``, ``hand``."""

    question: str
    expect: list[Expected] = field(default_factory=list)
    forbid: list[Expected] = field(default_factory=list)
    id: str = field(default_factory=new_check_id)
    made_from: str = "hand"
    created_at: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        self.question = one_line(self.question)
        if not self.question:
            raise InvalidInputError("a check needs a question")
        if not self.expect and not self.forbid:
            raise InvalidInputError("a check needs at least one entry to expect or to forbid")

    def to_dict(self) -> dict[str, Any]:
        out = {"id": self.id, "question": self.question, "expect": [e.to_dict() for e in self.expect],
               "forbid": [e.to_dict() for e in self.forbid], "made_from": self.made_from,
               "created_at": self.created_at}
        if self.note:
            out["note"] = self.note
        return out

    @classmethod
    def from_dict(cls, data: Any) -> "Check":
        if not isinstance(data, dict):
            raise InvalidInputError(f"a check is an object, got {type(data).__name__}")
        return cls(question=str(data.get("question") or ""),
                   expect=[Expected.from_dict(e) for e in data.get("expect") or []],
                   forbid=[Expected.from_dict(e) for e in data.get("forbid") or []],
                   id=str(data.get("id") or new_check_id()), made_from=str(data.get("made_from") or "hand"),
                   created_at=str(data.get("created_at") or ""), note=str(data.get("note") or ""))

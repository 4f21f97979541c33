"""The JSON contract of the archivist, the advocate and the editor, and how their replies are read.

The seed has every role's LLM call go through one ``callRoleLlm``: structured output and JSON
extraction. Each of these roles therefore sends a JSON schema (the server's structured output
where it has one, else JSON mode, see ``core.llm.openai_provider``) and reads one field out of the
reply. Reading is tolerant, because small and local models often ignore the format: the object is
found anywhere in the reply and near-JSON is repaired (``core.llm.parse_json_object``); a reply
with no JSON at all is the model answering in plain text, read as the free-text form the roles had
before (from the role's prefix 脉络： / ⚠️ 冲突： / 素材： on when it is there). A JSON object
without the field is an ``LLMError(bad_json)`` (an empty reply, the role's own refusal), and the
role degrades as the seed says (the archivist and the advocate are skipped, the editor's round keeps the last bundle).
"""
from __future__ import annotations

from typing import Any

from linghun.core.llm import LLMError, parse_json_object


def _text_schema(title: str, field: str, description: str) -> dict[str, Any]:
    return {"title": title, "type": "object", "additionalProperties": False,
            "properties": {field: {"type": "string", "description": description}}, "required": [field]}


#: the archivist's reply: ``{"timeline": "脉络：…"}``
ARCHIVIST_SCHEMA = _text_schema("archivist", "timeline", "以「脉络：」开头的时序脉络，不超过 600 字")
#: the editor's reply: ``{"bundle": "素材：…"}``
EDITOR_SCHEMA = _text_schema("editor", "bundle", "以「素材：」开头的有用素材包")
#: the advocate's reply: every contradiction with the entries on each side, none when there is none
ADVOCATE_SCHEMA: dict[str, Any] = {
    "title": "advocate", "type": "object", "additionalProperties": False,
    "properties": {"conflicts": {"type": "array", "items": {
        "type": "object", "additionalProperties": False,
        "properties": {"entries": {"type": "array", "items": {"type": "integer"}},
                       "detail": {"type": "string"}},
        "required": ["detail"]}}},
    "required": ["conflicts"],
}


def text_field(reply: str, field: str, prefix: str) -> str:
    """The string ``field`` of the reply's JSON object; a plain-text reply (no JSON object in it)
    from ``prefix`` on, or whole when it has none. ``LLMError`` when the field is missing."""
    try:
        value = parse_json_object(reply).get(field)
    except LLMError:  # plain text; an empty reply is the role's to refuse (its own message)
        reply = reply or ""
        return reply[reply.index(prefix):].strip() if prefix in reply else reply.strip()
    if not isinstance(value, str):
        raise LLMError(f"the reply's JSON object has no text {field!r}", kind="bad_json")
    return value.strip()


def conflict_lines(reply: str, prefix: str) -> list[str] | str:
    """The advocate's contradictions as lines (``[3][7] detail``; an empty list: none), or, for a
    plain-text reply (no JSON object in it), its ``prefix`` block as it stands; a plain text
    without one ("无冲突", or anything else) lists no contradiction."""
    try:
        value = parse_json_object(reply).get("conflicts")
    except LLMError:
        reply = reply or ""
        return reply[reply.index(prefix):].strip() if prefix in reply else []
    if not isinstance(value, list):
        raise LLMError("the reply's JSON object has no list 'conflicts'", kind="bad_json")
    lines = []
    for item in value:
        if isinstance(item, str) and item.strip():
            lines.append(item.strip())
        elif isinstance(item, dict) and isinstance(item.get("detail"), str) and item["detail"].strip():
            refs = "".join(f"[{n}]" for n in item.get("entries") or [] if isinstance(n, int) and not isinstance(n, bool))
            lines.append(f"{refs} {item['detail'].strip()}".strip())
    return lines

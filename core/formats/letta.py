"""Letta's memory, as ``linghun import --format letta`` reads it.

Letta (github.com/letta-ai/letta, formerly MemGPT; docs.letta.com, "Memory blocks", "Archival
memory" and "AgentFile (.af)"; the agent file standard at github.com/letta-ai/agent-file) keeps
an agent's memory as:

- **memory blocks**: ``{"label": "human", "value": "...", "limit": 5000, "description": ...}``,
  in an agent file either at the top (``{"agents": [...], "blocks": [...]}``, the schema of
  Letta 0.8+) or inside the agent (``"memory_blocks"`` or ``"core_memory"``, the first .af
  files), and from the API (``client.agents.blocks.list``) as a bare list;
- **archival passages**: ``{"text": "...", "created_at": "<ISO 8601>", ...}``, from the API
  (``client.agents.passages.list``) or under ``"passages"`` / ``"archival_memory"``;
- in **Letta Code** (0.15+, "MemFS", docs.letta.com/letta-code/memfs), a git-backed folder of
  Markdown files, one per block (``system/`` holds those pinned in context: ``system/human.md``,
  ``system/persona.md``...), with front matter such as ``description`` and ``limit``; the
  block's label is the file's path in the folder without ``.md`` (or a ``label`` key), and the
  front matter is read by ``core.formats.notes_md``.

The kind rule (documented for users in README's export/import section):

- a block's value is split into one entry per line (a leading ``-`` or ``*`` bullet dropped):
  one entry holds one fact (SPEC 3);
- ``persona`` blocks (how the agent is to behave; ``system/persona`` too) are **rules**; every
  other block (``human``,
  the user's facts; ``project``...) gives **facts**;
- an archival passage is a dated observation: an **event** at its ``created_at``;
- confidence **medium** (Letta has none); source ``letta:<label>`` or ``letta:passage:<id>``.
"""
from __future__ import annotations

from linghun.core.errors import InvalidInputError
from linghun.core.formats.exchange_record import Record, stamp_of_iso

RULE_LABELS = ("persona",)


def parse(value, fallback_stamp: str) -> list[Record]:
    """The records of a parsed Letta JSON document (agent file, or an API list)."""
    blocks, passages = _parts(value)
    if not blocks and not passages and not _is_letta(value):
        raise InvalidInputError("not a Letta export: no memory blocks (label/value) or passages (text) found")
    records = []
    for n, block in enumerate(blocks, 1):
        if not isinstance(block, dict) or not isinstance(block.get("label"), str) \
                or not isinstance(block.get("value"), str):
            raise InvalidInputError(f"Letta block {n} has no label and value text")
        stamp = stamp_of_iso(block.get("created_at")) or stamp_of_iso(block.get("updated_at")) or fallback_stamp
        records += block_records(block["label"], block["value"], stamp)
    for n, passage in enumerate(passages, 1):
        if not isinstance(passage, dict) or not isinstance(passage.get("text"), str):
            raise InvalidInputError(f"Letta passage {n} has no text")
        if passage["text"].strip():
            stamp = stamp_of_iso(passage.get("created_at")) or fallback_stamp
            where = f"letta:passage:{passage['id']}" if passage.get("id") else "letta:passage"
            records.append(Record("event", "medium", stamp, passage["text"].strip("\n"), stamp, where))
    return records


def block_records(label: str, value: str, stamp: str) -> list[Record]:
    """The entries of one memory block: one per line of its value."""
    kind = "rule" if label.strip().lower().rsplit("/", 1)[-1] in RULE_LABELS else "fact"
    lines = [line.strip() for line in value.splitlines()]
    lines = [line[2:].strip() if line[:2] in ("- ", "* ") else line for line in lines]
    return [Record(kind, "medium", stamp, line, stamp, f"letta:{label}") for line in lines if line]


def _parts(value) -> tuple[list, list]:
    if isinstance(value, list):  # an API list: blocks have a label, passages a text
        return ([v for v in value if isinstance(v, dict) and "label" in v],
                [v for v in value if isinstance(v, dict) and "text" in v and "label" not in v])
    if not isinstance(value, dict):
        return [], []
    blocks = list(_list(value, "blocks"))
    passages = list(_list(value, "passages")) + list(_list(value, "archival_memory"))
    # an agent file of Letta 0.8+ lists agents beside the blocks; the first ones were one agent
    agents = value["agents"] if isinstance(value.get("agents"), list) else [value]
    for agent in agents:
        if isinstance(agent, dict):
            blocks += _list(agent, "memory_blocks") + _list(agent, "core_memory")
            if agent is not value:
                passages += _list(agent, "passages") + _list(agent, "archival_memory")
    return blocks, passages


def _list(value: dict, key: str) -> list:
    found = value.get(key)
    if found is None:
        return []
    if not isinstance(found, list):
        raise InvalidInputError(f"Letta {key} must be a list")
    return found


def _is_letta(value) -> bool:
    """An agent file with nothing in it (imports nothing, and is not an error)."""
    return isinstance(value, dict) and ("agents" in value or "blocks" in value)

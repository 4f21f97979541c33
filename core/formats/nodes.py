"""Node files (SPEC 6): ``ontology.md``, ``memory_ontology.md``, ``knowledge_ontology.md``,
``knowledge.md`` and ``rules.md``.

A node is ``## <theme>`` followed by a body and optional trailing comments such as
``<!-- theme: ... -->`` or ``<!-- kind: ... -->``. The file splits at every newline followed by
``## `` (the upstream rule). Text before the first node (the preamble) is kept.

Round trip: every node keeps its exact text (``raw``); ``NodeDocument.render()`` concatenates
the preamble and the raw texts, so a document parsed and rendered without changes comes back byte
for byte. Only a node that an operation changed is re-rendered, in the canonical form
``## theme`` / body / comments, followed by the whitespace that separated it from the next node.

``## `` inside a body: upstream would read such a line as a new node. Our writers never produce
one: a body line that starts with ``## `` is written as ``\\## `` (the Markdown escape, which
renders as the same visible text) so the node stays whole for both readers, and ``Node.body``
holds the unescaped text. A file that already holds a bare ``## `` body line is read the upstream
way (a new node) and kept byte for byte.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from linghun.core.errors import InvalidInputError

_SPLIT = re.compile(r"(?:^|(?<=\n))(?=## )")
_COMMENT_LINE = re.compile(r"^\s*<!--.*-->\s*$")
_DATE = re.compile(r"20\d\d-\d\d-\d\d")
_TRAILING_WS = re.compile(r"\s*\Z")
_RULE_LINE = re.compile(r"^\s*[-*]\s+(?P<rule>.*?)\s*(?:（(?P<day>\d{4}-\d\d-\d\d)）)?\s*$")

#: the default topic of ``rules.md`` lines (upstream)
DEFAULT_RULE_TOPIC = "经验规则"


def escape_heading_lines(text: str) -> str:
    """Escape body lines that would otherwise start a new ``## `` block when read back.

    A line ``## x`` is written ``\\## x``; a line that already starts with backslashes before
    ``## `` gets one more, so the escape is reversible for every text (``\\## x`` written as is
    would read back as ``## x``). Markdown shows each escaped line as the original.
    """
    if "## " not in text:
        return text
    return _HEADING_LINE.sub(r"\\\1## ", text)


def unescape_heading_lines(text: str) -> str:
    """The inverse of ``escape_heading_lines``: one backslash less before ``## `` at a line start."""
    if "\\## " not in text:  # nearly every body: no pattern run (10% of parsing a 100k-entry warm.md)
        return text
    return _ESCAPED_HEADING_LINE.sub(r"\1## ", text)


_HEADING_LINE = re.compile(r"(?m)^(\\*)## ")
_ESCAPED_HEADING_LINE = re.compile(r"(?m)^\\(\\*)## ")


@dataclass
class Node:
    """One ``## theme`` block.

    Attributes:
        theme: the header text after ``## `` (stripped).
        body: the text under the header, without the trailing comments and surrounding blank lines.
        comments: trailing comment lines (``<!-- theme: ... -->``), in file order.
        raw: the exact text of the block in the file, including the whitespace that follows it.
    """

    theme: str
    body: str
    comments: list[str] = field(default_factory=list)
    raw: str = ""

    @property
    def is_empty(self) -> bool:
        return not self.body.strip()

    def canonical(self) -> str:
        """``## theme`` newline body (and comments), without trailing newline."""
        parts = [f"## {self.theme}"]
        if self.body.strip():
            parts.append(escape_heading_lines(self.body.strip("\n")))
        parts.extend(self.comments)
        return "\n".join(parts)

    def with_changes(self, **changes) -> "Node":
        """A copy with ``changes`` applied and ``raw`` re-rendered, keeping the old separator."""
        node = replace(self, **changes)
        sep = _TRAILING_WS.search(self.raw).group(0) if self.raw else ""
        node.raw = node.canonical() + (sep if "\n" in sep else "\n")
        return node


def parse_node(chunk: str) -> Node:
    """Parse one block that starts with ``## `` (anything else becomes a node with theme ``""``)."""
    header, _, rest = chunk.partition("\n")
    theme = header[3:].strip() if header.startswith("## ") else header.strip()
    lines = rest.rstrip().split("\n") if rest.strip() else []
    comments: list[str] = []
    while lines and (_COMMENT_LINE.match(lines[-1]) or not lines[-1].strip()):
        line = lines.pop()
        if line.strip():
            comments.insert(0, line.strip())
    body = unescape_heading_lines("\n".join(lines).strip("\n"))
    return Node(theme=theme, body=body, comments=comments, raw=chunk)


def node_date(node: Node) -> str | None:
    """The node's time stamp: the first ``20YY-MM-DD`` in its body."""
    m = _DATE.search(node.body)
    return m.group(0) if m else None


@dataclass
class NodeDocument:
    """A parsed node file: ``preamble`` (text before the first ``## ``) and ``nodes``."""

    preamble: str = ""
    nodes: list[Node] = field(default_factory=list)

    def render(self) -> str:
        return self.preamble + "".join(n.raw for n in self.nodes)

    def find(self, theme: str) -> Node | None:
        """The first node whose theme equals ``theme`` (surrounding whitespace ignored)."""
        theme = theme.strip()
        return next((n for n in self.nodes if n.theme == theme), None)

    def index(self, theme: str) -> int:
        theme = theme.strip()
        return next((i for i, n in enumerate(self.nodes) if n.theme == theme), -1)

    def append_to(self, theme: str, text: str) -> Node:
        """Add ``text`` (one or more lines) to the body of node ``theme``, or a new node at the end."""
        theme = _clean_theme(theme)
        text = text.strip("\n")
        if not text.strip():
            raise InvalidInputError("nothing to add: the text is empty")
        i = self.index(theme)
        if i >= 0:
            old = self.nodes[i]
            body = f"{old.body}\n{text}" if old.body.strip() else text
            self.nodes[i] = old.with_changes(body=body)
            return self.nodes[i]
        return self._add(Node(theme=theme, body=text))

    def replace_node(self, theme: str, body: str | None = None, *, new_theme: str | None = None,
                     comments: list[str] | None = None) -> Node:
        """Replace the body (and optionally the theme or comments) of node ``theme``.

        Creates the node at the end when it does not exist.
        """
        theme = _clean_theme(theme)
        changes: dict = {}
        if body is not None:
            changes["body"] = body.strip("\n")
        if new_theme is not None:
            changes["theme"] = _clean_theme(new_theme)
        if comments is not None:
            changes["comments"] = [c.strip() for c in comments if c.strip()]
        i = self.index(theme)
        if i < 0:
            return self._add(Node(theme=changes.get("theme", theme), body=changes.get("body", ""),
                                  comments=changes.get("comments", [])))
        self.nodes[i] = self.nodes[i].with_changes(**changes)
        return self.nodes[i]

    def remove(self, theme: str) -> Node | None:
        """Remove node ``theme``; returns it, or ``None`` when there is none."""
        i = self.index(theme)
        if i < 0:
            return None
        node = self.nodes.pop(i)
        if i == len(self.nodes) and i > 0:
            # the new last node keeps a single final newline, not the separator it had
            last = self.nodes[-1]
            if last.raw.endswith("\n\n"):
                last.raw = last.raw.rstrip("\n") + "\n"
        return node

    def _add(self, node: Node) -> Node:
        node.raw = node.canonical() + "\n"
        if self.nodes:
            last = self.nodes[-1]
            if not last.raw.endswith("\n"):
                last.raw += "\n"
            if not last.raw.endswith("\n\n"):
                last.raw += "\n"
        elif self.preamble and not self.preamble.endswith("\n"):
            self.preamble += "\n"
        self.nodes.append(node)
        return node


def _clean_theme(theme: str) -> str:
    theme = " ".join(str(theme).split())
    if not theme:
        raise InvalidInputError("a node needs a theme")
    return theme


def parse_nodes(text: str) -> NodeDocument:
    """Parse a node file; never raises, keeps every byte (see the module docstring)."""
    chunks = _SPLIT.split(text)
    preamble = ""
    if chunks and not chunks[0].startswith("## "):
        preamble = chunks.pop(0)
    return NodeDocument(preamble=preamble, nodes=[parse_node(c) for c in chunks if c])


def render_nodes(nodes: list[Node]) -> str:
    """The canonical text of ``nodes``: ``## theme`` newline body, joined by a blank line.

    Empty nodes are dropped. The text ends with a newline (or is empty).
    """
    text = "\n\n".join(n.canonical() for n in nodes if not n.is_empty)
    return text + "\n" if text else ""


def _rule_key(rule: str) -> str:
    return "".join(rule.split()).lower()


def rules_in(doc: NodeDocument) -> list[tuple[str, str, str | None]]:
    """Every rule line as ``(topic, rule, day)``."""
    out = []
    for node in doc.nodes:
        for line in node.body.split("\n"):
            m = _RULE_LINE.match(line)
            if m and m.group("rule"):
                out.append((node.theme, m.group("rule"), m.group("day")))
    return out


def append_rule(text: str, rule: str, day: str, topic: str | None = DEFAULT_RULE_TOPIC) -> tuple[str, bool]:
    """Add ``- <rule>（<day>）`` under ``## <topic>`` in ``rules.md`` text.

    Returns ``(new_text, changed)``; when the same rule (whitespace and case ignored) is already
    in the file, under any topic, the text is returned unchanged.
    """
    new, added = append_rules(text, [(rule, day)], topic)
    return new, bool(added)


def append_rules(text: str, rules: list[tuple[str, str]], topic: str | None = DEFAULT_RULE_TOPIC) -> tuple[str, int]:
    """``append_rule`` for many ``(rule, day)`` pairs at once, in one parse and one render.

    Each rule is checked against the file and the rules added before it (so a rule given twice is
    added once); returns ``(new_text, how_many_added)``. Linear in the file and the rules, where
    appending them one by one re-reads the whole file per rule.
    """
    topic = topic or DEFAULT_RULE_TOPIC
    lines = []
    for rule, day in rules:
        rule = " ".join(str(rule).split())
        if not rule:
            raise InvalidInputError("the rule is empty")
        if not re.fullmatch(r"\d{4}-\d\d-\d\d", str(day)):
            raise InvalidInputError(f"day must be YYYY-MM-DD, got {day!r}")
        lines.append((rule, day))
    doc = parse_nodes(text)
    seen = {_rule_key(r) for _, r, _ in rules_in(doc)}
    new_lines = []
    for rule, day in lines:
        key = _rule_key(rule)
        if key not in seen:
            seen.add(key)
            new_lines.append(f"- {rule}（{day}）")
    if not new_lines:
        return text, 0
    doc.append_to(topic, "\n".join(new_lines))
    return doc.render(), len(new_lines)

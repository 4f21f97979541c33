"""Text cut to whole lines within a character budget, saying how much was left out.

One rule for every budget the agent reads under: the parts of its context (``core.context``) and
the cold summary of ``memory_read`` (``core.read_side``).
"""
from __future__ import annotations

__all__ = ["fit"]


def fit(text: str, budget: int, keep: str = "head", mark: str = "…{n}…") -> tuple[str, int]:
    """``text`` cut to whole lines within ``budget`` characters (mark line included); returns the
    text and how many lines were left out. ``keep``: which end survives."""
    if budget <= 0 or len(text) <= budget:
        return text, 0
    lines = text.split("\n")
    order = lines if keep == "head" else list(reversed(lines))
    kept: list[str] = []
    size = 0
    for line in order:
        marker = mark.replace("{n}", str(len(lines) - len(kept) - 1))
        if size + len(line) + 1 + len(marker) > budget:
            break
        kept.append(line)
        size += len(line) + 1
    omitted = len(lines) - len(kept)
    marker = mark.replace("{n}", str(omitted))
    if keep == "head":
        out = kept + [marker]
    else:
        out = [marker] + list(reversed(kept))
    text = "\n".join(out)
    return (text if len(text) <= budget else marker[:budget]), omitted

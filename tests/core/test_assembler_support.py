"""Helpers for the assembler tests: small homes written in the upstream warm format."""
from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from core.assembler import Assembler, AssemblerConfig, Debouncer
from core.events import EventBus
from core.formats.warm import new_entry
from core.home import MemoryHome

NOW = datetime(2026, 10, 10, 12, 0).astimezone()


def entry(stamp: str, kind: str, confidence: str, body: str, last_access: str | None = None) -> str:
    return new_entry(stamp, kind, confidence, body, last_access).raw


def write_warm(home: MemoryHome, blocks: list[str]) -> None:
    home.ensure()
    home.warm.write_text("\n".join(blocks), encoding="utf-8")


def filler(n: int, start: datetime = datetime(2026, 1, 1, 8, 0)) -> list[str]:
    """``n`` unrelated entries (weather notes), oldest first."""
    out = []
    for i in range(n):
        stamp = (start + timedelta(hours=i)).strftime("%Y-%m-%d %H:%M")
        out.append(entry(stamp, "event", "medium", f"天气记录 第{i}号 晴朗 气温 {i % 30} 度"))
    return out


def new_home(tmp_path: Path, blocks: list[str] | None = None) -> MemoryHome:
    home = MemoryHome.resolve(tmp_path / "dsh")
    home.ensure()
    if blocks is not None:
        write_warm(home, blocks)
    return home


def assembler(home: MemoryHome, provider=None, bus: EventBus | None = None, **settings) -> Assembler:
    """An assembler with its own debouncer and bus; ``settings`` as dotted keys with ``__`` for dots."""
    overrides = {k.replace("__", "."): v for k, v in settings.items()}
    config = AssemblerConfig().with_overrides(overrides) if overrides else AssemblerConfig()
    return Assembler(home, config=config, provider=provider, bus=bus or EventBus(), debouncer=Debouncer())


def span(result, role: str) -> dict:
    for s in result.trace.spans:
        if s.role == role:
            return s.to_dict()
    raise AssertionError(f"no {role} span in {[s.role for s in result.trace.spans]}")

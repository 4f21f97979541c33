"""Helpers for the assembler tests: small homes written in the upstream warm format."""
from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from linghun.core.assembler.config import AssemblerConfig
from linghun.core.assembler.debounce import Debouncer
from linghun.core.assembler.round import Assembler
from linghun.core.events import EventBus
from linghun.core.formats.warm import new_entry
from linghun.core.home import MemoryHome

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


def test_archivist_tails_are_counted_in_bytes():
    from linghun.core.assembler.material import tail_bytes

    text = "旧" * 3000 + "新事实"
    tail = tail_bytes(text, 4000)
    # 4000 bytes of UTF-8 hold 1333 Chinese characters, not 4000
    assert tail.endswith("新事实") and len(tail.encode("utf-8")) <= 4000 and len(tail) == 1333
    assert tail_bytes("abc", 0) == "" and tail_bytes("abc", 10) == "abc"


def test_the_archivist_reads_journal_and_episodic_tails_in_bytes(tmp_path):
    from linghun.core.assembler import material
    from linghun.core.home import MemoryHome

    home = MemoryHome.resolve(tmp_path / "dsh")
    home.ensure()
    turn = "\n2026-10-06 10:00:00\n用户：订单服务数据库今天迁移到新集群了\n助手：好的，已记录迁移。\n"
    home.journal_file("2026-10-06").write_text(turn * 200, encoding="utf-8")
    home.episodic_file("2026-10-05").write_text("- [high] 事实 | 很长的归档内容 | 值\n" * 400, encoding="utf-8")
    got = material.gather(home, [], top_recent=8, episodic_tail=6000, journal_days=3, journal_tail=4000)
    assert len(got.journal[0][1].encode("utf-8")) <= 4000 and len(got.journal[0][1]) < 4000 / 2
    assert len(got.episodic_tail.encode("utf-8")) <= 6000

"""The Review pane renders on the demo home after an agent's session, at 1280x800. The README's
picture::

    TZ=Asia/Shanghai LINGHUN_SCREENSHOTS_DIR=resources/screenshots \\
        .venv/bin/python -m pytest tests/workbench/test_review_screenshots.py -q
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from linghun import resources
from linghun.core import tools
from linghun.core.history import capture
from linghun.core.home import MemoryHome
from linghun.core.home_lock import update_section
from linghun.core.memory import Memory
from linghun.workbench.panes import WorkbenchContext
from linghun.workbench.settings import Settings

SIZE = (1280, 800)


@pytest.fixture
def ctx(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGHUN_DATA_DIR", str(tmp_path / "data"))
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    home = MemoryHome.resolve(tmp_path / "dsh")
    capture.enable(home)
    capture.recorder.request_scan(home, "workbench").wait(30)  # the home as first recorded
    memory = Memory(home)
    live = [e for e in memory.entries() if not e.is_wrong and e.ontology_kind == "fact" and len(e.fields) >= 3]
    with capture.writing_as("agent"):
        memory.append("fact", "checkout-api | 超时 | 45s | 变更单 CHG-311", update=f"[{live[0].n}]")
        capture.flush()
        memory.append("event", "值班 | 发布 | checkout-api | payments | 周五晚上热修复", "medium")
        capture.flush()
        memory.append("fact", f"{live[1].fields[0]} | {live[1].fields[1]} | 另一个值 | 口头", "low")
        capture.flush()
        memory.append("fact", live[2].body + "（复核）")
        capture.flush()
        memory.rules_append("周五不要发布")
        capture.flush()
    update_section(home, "review", lambda _old: {"hold": "risky"})
    tools.dispatch(home, "memory_append", {"kind": "fact", "content": "订单服务 | 副本数 | 6 | 扩容单",
                                           "update": f"[{live[3].n}]"})
    capture.recorder.disable(home)
    context = WorkbenchContext.open(home, Settings(tmp_path / "settings.ini"))
    yield context
    context.close()


def test_review_pane(ctx, qtbot, tmp_path):
    from linghun.workbench.panes.review import ReviewPane

    pane = ReviewPane.create(ctx)
    qtbot.addWidget(pane)
    qtbot.waitUntil(lambda: pane.queue is not None and not pane.is_building(), timeout=30000)
    kinds = [i.kind for i in pane.model.items()]
    assert kinds[0] == "held" and {"update", "append", "merge", "rule"} <= set(kinds)
    contradicted = next(i for i in pane.model.items() if i.contradictions)
    pane.select(contradicted.id)
    pane.resize(*SIZE)
    pane.show()
    qtbot.waitExposed(pane)
    qtbot.waitUntil(pane.diff.is_complete, timeout=5000)
    qtbot.wait(150)
    image = pane.grab().toImage()
    out_dir = Path(os.environ.get("LINGHUN_SCREENSHOTS_DIR") or tmp_path)
    out_dir.mkdir(parents=True, exist_ok=True)
    assert image.save(str(out_dir / "review-en.png"))
    assert (image.width(), image.height()) == SIZE
    colours = {image.pixel(x, y) for x in range(0, image.width(), 23) for y in range(0, image.height(), 17)}
    assert len(colours) > 8
    pane.shutdown()

"""``linghun review list|show|accept|reject``: the queue from the shell, its JSON and exit codes."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from linghun.core.cli import main
from linghun.core.history import capture
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from tests.conftest import REPO


def _linghun(*argv: str) -> subprocess.CompletedProcess:
    """The real command in its own process (an agent's machine, no GUI)."""
    return subprocess.run([sys.executable, "-m", "linghun.core", *argv], cwd=REPO, capture_output=True, text=True)


@pytest.fixture
def dsh(tmp_path):
    home = MemoryHome.resolve(tmp_path / "dsh")
    home.ensure()
    capture.enable(home)
    with capture.writing_as("workbench"):
        Memory(home).append("fact", "订单服务 | 端口 | 8080 | 运维", "high")
    capture.flush()
    capture.recorder.disable(home)
    return str(tmp_path / "dsh")


def _list(dsh, capsys, *extra) -> dict:
    capsys.readouterr()
    assert main(["review", "list", "--home", dsh, "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_an_agents_appends_and_flip_listed_shown_rejected_and_accepted(dsh, capsys):
    assert _linghun("append", "fact", "订单服务 | 端口 | 9090 | 运维", "--update", "[1]", "--home", dsh).returncode == 0
    assert _linghun("append", "event", "我 | 重启 | 订单服务 | | 夜间", "--home", dsh).returncode == 0
    listed = _list(dsh, capsys)
    assert listed["count"] == 2 and listed["oldest"]
    kinds = [i["kind"] for i in listed["items"]]
    assert kinds == ["append", "update"]
    update = listed["items"][1]
    assert update["writer"] == "cli"
    assert update["consequences"][0] == "retires fact [1] 订单服务 | 端口 | 8080 | 运维"
    assert main(["review", "show", update["id"][:6], "--home", dsh]) == 0
    shown = capsys.readouterr().out
    assert "retires fact [1]" in shown and "+## " in shown  # the diff
    text = _linghun("review", "list", "--home", dsh)
    assert text.returncode == 0 and "2 change(s) to review" in text.stdout
    rejected = _linghun("review", "reject", update["id"], "--home", dsh)
    assert rejected.returncode == 0, rejected.stderr
    warm = (MemoryHome.resolve(dsh).warm).read_text()
    assert "9090" not in warm and "[fact] high" in warm and "夜间" in warm
    assert _list(dsh, capsys)["count"] == 1  # the reject is not a change to review
    assert main(["review", "accept", "--every", "--home", dsh]) == 0
    assert _list(dsh, capsys)["count"] == 0


def test_errors_say_what_and_exit_with_the_codes_of_core_errors(dsh, capsys):
    missing = _linghun("review", "show", "abcdef", "--home", dsh)
    assert missing.returncode == 3 and "no change waiting for review has the id 'abcdef'" in missing.stderr
    assert _linghun("review", "accept", "--home", dsh).returncode == 2
    assert _linghun("append", "fact", "缓存 | 过期 | 60s | 配置", "--home", dsh).returncode == 0
    assert _linghun("append", "fact", "缓存 | 过期 | 120s | 配置", "--update", "[2]", "--home", dsh).returncode == 0
    first = _list(dsh, capsys)["items"][-1]
    assert first["kind"] == "append"
    before = MemoryHome.resolve(dsh).warm.read_bytes()
    conflict = _linghun("review", "reject", first["id"], "--home", dsh)
    assert conflict.returncode == 6 and "changed by a later write" in conflict.stderr
    assert MemoryHome.resolve(dsh).warm.read_bytes() == before


def test_a_contradiction_listed_and_resolved_by_flipping_the_old(dsh, capsys):
    assert _linghun("append", "fact", "订单服务 | 端口 | 9999 | 新来源", "--home", dsh).returncode == 0
    item = _list(dsh, capsys)["items"][0]
    assert item["contradictions"][0]["message"].startswith("supersedes [1]?")
    assert main(["review", "accept", item["id"], "--flip-old", "--home", dsh]) == 0
    assert Memory(MemoryHome.resolve(dsh)).entries()[0].is_wrong
    assert _list(dsh, capsys)["count"] == 0

"""Refused means untouched: an append that will be refused changes nothing, and the capacity and
read budgets it names are real settings of the home (``memory`` in ``workbench.json``)."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from linghun.core.errors import CapacityError, InvalidInputError
from linghun.core.memory import Memory, MemoryConfig
from tests.reliability.crashkit import REPO, WHEN, build_home, snapshot


def _linghun(home, *argv):
    return subprocess.run([sys.executable, "-m", "linghun.core", *argv, "--home", str(home.dsh_home)],
                          cwd=REPO, capture_output=True, text=True, timeout=300)


def _settings(home, **memory):
    home.config.write_text(json.dumps({"llm": {"model": "kept"}, "memory": memory}), encoding="utf-8")


def test_an_append_too_big_even_after_consolidation_changes_nothing(tmp_path):
    home = build_home(tmp_path / "dsh")
    _settings(home, maxBytes=len(home.warm.read_bytes()) + 100)
    before = snapshot(home)
    done = _linghun(home, "append", "fact", "长条目 | 内容 | " + "很长" * 4000)
    assert done.returncode == CapacityError.exit_code, done.stderr
    assert "Traceback" not in done.stderr
    assert "memory.maxBytes" in done.stderr and "nothing was written" in done.stderr
    assert str(home.config) in done.stderr
    assert snapshot(home) == before  # warm not consolidated, no archive written


def test_max_bytes_from_the_home_settings_decides_when_to_consolidate(tmp_path):
    home = build_home(tmp_path / "dsh")
    size = len(home.warm.read_bytes())
    _settings(home, maxBytes=size * 10)
    assert Memory(home).append("fact", "小条目 | 值 | 1", when=WHEN).consolidated is None
    _settings(home, maxBytes=size + 100)  # read at each operation: no restart needed
    result = Memory(home).append("fact", "小条目二 | 值 | 2", when=WHEN)
    assert result.consolidated is not None and result.consolidated.archived_bytes > size
    assert [e.body for e in Memory(home).entries()] == ["小条目二 | 值 | 2"]


def test_auto_consolidate_off_refuses_instead_of_consolidating(tmp_path):
    home = build_home(tmp_path / "dsh")
    _settings(home, maxBytes=len(home.warm.read_bytes()) + 10, autoConsolidate=False)
    before = snapshot(home)
    with pytest.raises(CapacityError, match="memory.autoConsolidate off"):
        Memory(home).append("fact", "放不下 | 值 | 3", when=WHEN)
    assert snapshot(home) == before


@pytest.mark.parametrize("key, value", [("maxBytes", "big"), ("maxBytes", 0), ("triggerRatio", 2),
                                        ("autoConsolidate", "yes"), ("injectMaxChars", -1)])
def test_a_bad_setting_is_named_in_the_message(tmp_path, key, value):
    home = build_home(tmp_path / "dsh")
    _settings(home, **{key: value})
    before = snapshot(home)
    with pytest.raises(InvalidInputError, match=f"memory.{key} in .*workbench.json must be"):
        Memory(home).append("fact", "任何 | 值 | 4", when=WHEN)
    assert snapshot(home) == before
    done = _linghun(home, "append", "fact", "任何 | 值 | 4")
    assert done.returncode == InvalidInputError.exit_code and f"memory.{key}" in done.stderr
    assert "Traceback" not in done.stderr


def test_read_budgets_are_settings(tmp_path):
    home = build_home(tmp_path / "dsh")
    default = Memory(home).read()
    assert len(default) > 1200
    _settings(home, injectMaxChars=300, readFullChars=1200)
    short, full = Memory(home).read(), Memory(home).read(full=True)
    # The read side drops whole entries (least used first) to fit, and says how to see the rest.
    listed = lambda text: len(re.findall(r"^\[\d+\] ", text, re.M))  # noqa: E731
    assert len(short) <= 300 and "full=true" in short
    assert 300 < len(full) <= 1200 and "full=true" in full
    assert listed(short) < listed(full) < listed(default)
    done = _linghun(home, "read")
    assert done.returncode == 0 and len(done.stdout.strip()) <= 300


def test_settings_given_in_code_win_over_the_home(tmp_path):
    home = build_home(tmp_path / "dsh")
    _settings(home, maxBytes=10)
    memory = Memory(home, MemoryConfig(max_bytes=10**9))
    assert memory.append("fact", "代码设置 | 值 | 5", when=WHEN).consolidated is None
